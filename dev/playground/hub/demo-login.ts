/**
 * The hub emulator's account the playground starts it with (POST /login): a demo secret of this
 * machine's emulator, never a real hub's. The sidebar served by the playground shows it on the
 * sign-in form while the add-on's hub is the playground's own (server/sidebar-bridge.ts); the
 * add-on's code never sees it.
 */
export const DEMO_LOGIN = { username: 'demo', password: 'demo' } as const;

/** The line the sign-in form shows. */
export const DEMO_LOGIN_HINT = `Playground hub: sign in as \u201c${DEMO_LOGIN.username}\u201d, password \u201c${DEMO_LOGIN.password}\u201d (the hub emulator\u2019s demo account).`;
