/** Sidebar entry. */
export {};
