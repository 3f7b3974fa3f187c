/**
 * `--state-file`: the playground's state survives restarts. Loaded at start when the file
 * exists; saved debounced after every change and synchronously on close/SIGTERM/SIGINT.
 * Written to a temporary file and renamed, so a crash never leaves half a file.
 */
import * as fs from 'node:fs';
import type { Hub } from './hub';
import { HubState, type StateSnapshot } from './state';
import type { Settings, TokenRec } from './types';

interface StateFile {
  version: 1;
  savedAt: string;
  seed: string;
  clockOffsetMs: number;
  settings: Settings;
  tokens: Record<string, TokenRec>;
  state: StateSnapshot;
}

export class StatePersister {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private hub: Hub,
    readonly file: string,
    private debounceMs = 250,
  ) {
    hub.onChange(() => this.schedule());
  }

  /** Loads the file if it exists; returns whether it did. A broken file is an error, not ignored. */
  load(keepClock: boolean): boolean {
    if (!fs.existsSync(this.file)) return false;
    const f = JSON.parse(fs.readFileSync(this.file, 'utf8')) as StateFile;
    if (f.version !== 1 || !f.state) throw new Error(`${this.file}: not a hub emulator state file`);
    this.hub.replaceState(HubState.from(f.state));
    this.hub.tokens.load(f.tokens ?? {});
    if (f.settings) this.hub.settings = { ...this.hub.settings, ...f.settings };
    if (!keepClock && typeof f.clockOffsetMs === 'number') this.hub.clock.offsetMs = f.clockOffsetMs;
    return true;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
    this.timer.unref();
  }

  /** Writes the state now (synchronous, so it also works inside a signal handler). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const h = this.hub;
    const f: StateFile = {
      version: 1,
      savedAt: new Date().toISOString(),
      seed: h.seedName,
      clockOffsetMs: h.clock.offsetMs,
      settings: h.settings,
      tokens: h.tokens.snapshot(),
      state: h.state.snapshot(),
    };
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(f));
    fs.renameSync(tmp, this.file);
  }
}
