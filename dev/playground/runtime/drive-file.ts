/** Files of the emulator's Drive for the page: a label the add-on saved "to Drive" opens from its link. */
import type { Runtime } from '../../gas-runtime';

export interface DriveFileOut {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** The Drive URL the emulator gives a file (`File.getUrl()`), and the id in it. */
const FILE_URL = /^https:\/\/drive\.google\.com\/file\/d\/([A-Za-z0-9_-]{10,100})\/view(?:\?[^#]*)?$/;

export function driveFile(rt: Runtime, id: string): DriveFileOut | null {
  const f = rt.drive().find((x) => x.id === id);
  return f ? { name: f.name, mimeType: f.mimeType, bytes: f.bytes } : null;
}

/** Where the page opens a HYPERLINK: a file of the emulator's Drive is served by the playground; other http(s) URLs as they are. */
export function linkTarget(url: string): string | null {
  const drive = FILE_URL.exec(url);
  if (drive) return `/drive/${drive[1]}`;
  return /^https?:\/\/[^\s]+$/i.test(url) ? url : null;
}
