/**
 * THE list of public server functions. dev/tools/build.ts generates one top-level function declaration
 * per key (Apps Script only finds those), and the sidebar's typed client takes its types from here.
 */
import { dismissAlert, dismissNotices } from './handlers/alerts';
import { onBackgroundWork } from './handlers/background';
import { applyColumnPreset, getColumns, resetColumns, saveColumns, useSheetForPushing } from './handlers/columns';
import { checkOldJobStatus, getOldJobStatus, refreshJobResults, refreshJobs } from './handlers/jobs';
import { onInstall, onOpen, showSidebar } from './handlers/lifecycle';
import { getHistory, openHistorySheet } from './handlers/history';
import { previewRevert, revertFromHistory } from './handlers/revert';
import { scheduleSalePricesFromMenu } from './handlers/sales';
import { getSidebarRevisions, getSidebarSections } from './handlers/live';
import { answerFreezeSku, cancelPush, continuePush, pushChanges, pushMenuHandlers, startPush } from './handlers/push';
import { previewPush, pushPreviewedChanges } from './handlers/preview';
import { approveAndPush, askForApproval, dropApproval, getApprovals, reviewApproval } from './handlers/approvals';
import { answerPushQuestion, previewPushInSidebar } from './handlers/push-question';
import { previewUndo, undoLastPush, undoLastPushFromMenu, undoLatestPushByAnyoneFromMenu } from './handlers/undo';
import { openRulesFromMenu, openRulesFromSidebar } from './handlers/rules';
import { getSidebarState, saveSettings, saveToken, signIn, signOut } from './handlers/settings';
import {
  pullCatalogue,
  pullCatalogueChannelFromMenu,
  pullCatalogueFromMenu,
  refreshSelectedFromMenu,
  refreshSelectedRows,
} from './handlers/catalogue';
import {
  createCategoriesFromMenu,
  createSelectedCategories,
  deleteCategoriesFromMenu,
  deleteSelectedCategories,
  loadCategories,
  loadCategoriesFromMenu,
  mapCategoriesFromMenu,
  mapCategory,
  mapSelectedCategories,
  pickCategoryForSelectedRow,
  searchCategories,
  updateCategoriesFromMenu,
  updateSelectedCategories,
} from './handlers/categories';
import {
  createOrdersFromDrafts,
  findOrderFromMenu,
  importOrdersNow,
  printLabelsPdf,
  printLabelsZpl,
  restartOrderImport,
  sendEditedOrders,
  toggleOrderSchedule,
} from './handlers/orders';
import {
  createDraftOrders,
  findOrder,
  getOrdersStatus,
  runOrderImport,
  sendOrderEdits,
  setOrdersSchedule,
} from './handlers/orders-sidebar';

export const publicFunctions = {
  // Simple triggers and the sidebar
  onOpen,
  onInstall,
  showSidebar,
  // Menu items
  ...pushMenuHandlers,
  pushChanges,
  undoLastPushFromMenu,
  undoLatestPushByAnyoneFromMenu,
  scheduleSalePricesFromMenu,
  openRulesFromMenu,
  refreshJobResults,
  checkOldJobStatus,
  pullCatalogueFromMenu,
  pullCatalogueChannelFromMenu,
  refreshSelectedFromMenu,
  loadCategoriesFromMenu,
  createCategoriesFromMenu,
  updateCategoriesFromMenu,
  mapCategoriesFromMenu,
  deleteCategoriesFromMenu,
  importOrdersNow,
  toggleOrderSchedule,
  findOrderFromMenu,
  createOrdersFromDrafts,
  sendEditedOrders,
  printLabelsPdf,
  printLabelsZpl,
  restartOrderImport,
  // Sidebar (google.script.run)
  getSidebarState,
  getSidebarRevisions,
  getSidebarSections,
  dismissAlert,
  dismissNotices,
  openRulesFromSidebar,
  saveSettings,
  saveToken,
  signIn,
  signOut,
  startPush,
  continuePush,
  cancelPush,
  answerFreezeSku,
  // The question a menu push asks first (its dialog's buttons)
  answerPushQuestion,
  previewPushInSidebar,
  previewPush,
  pushPreviewedChanges,
  getApprovals,
  askForApproval,
  reviewApproval,
  approveAndPush,
  dropApproval,
  previewUndo,
  undoLastPush,
  getHistory,
  openHistorySheet,
  previewRevert,
  revertFromHistory,
  getColumns,
  saveColumns,
  applyColumnPreset,
  resetColumns,
  useSheetForPushing,
  refreshJobs,
  getOldJobStatus,
  pullCatalogue,
  refreshSelectedRows,
  loadCategories,
  searchCategories,
  mapCategory,
  pickCategoryForSelectedRow,
  createSelectedCategories,
  updateSelectedCategories,
  mapSelectedCategories,
  deleteSelectedCategories,
  getOrdersStatus,
  setOrdersSchedule,
  runOrderImport,
  findOrder,
  createDraftOrders,
  sendOrderEdits,
  // The installable time trigger
  onBackgroundWork,
};

export type ServerFunctions = typeof publicFunctions;
export type ServerFunctionName = keyof ServerFunctions;

/** The names, in a stable order, for the build. */
export const publicFunctionNames = Object.keys(publicFunctions) as ServerFunctionName[];
