// Debian's chromium driven by playwright-core (never `playwright install`: no downloads here).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { onAbort } from './cleanup';
import { chromiumPath } from './paths';

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

const VIEWPORT = { width: 1400, height: 900 };

const LAUNCH = {
  executablePath: chromiumPath,
  headless: true,
  // Playwright's own handlers would close the browser before ours stop code-server.
  handleSIGINT: false,
  handleSIGTERM: false,
  handleSIGHUP: false,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};

/** Closes `context` once, on the caller's word or on Ctrl-C. */
function closing(context: BrowserContext): Browser {
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    unregister();
    await context.close().catch(() => undefined);
  };
  const unregister = onAbort(close);
  return { context, close };
}

/** A chromium with a profile of its own in `runDir`. */
export async function launchBrowser(runDir: string): Promise<Browser> {
  const profile = join(runDir, 'chromium-profile');
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  return closing(await chromium.launchPersistentContext(profile, { ...LAUNCH, viewport: VIEWPORT }));
}

/** A page for one VS Code window, in a browser whose cache outlives it. */
export interface WindowPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Closes every page the window opened (sign-in pages too) and clears what it stored. */
  close(): Promise<void>;
}

/** One chromium for many windows, one after another; only its HTTP and code caches are shared. */
export interface SharedBrowser {
  newWindow(origin: string): Promise<WindowPage>;
  close(): Promise<void>;
}

/**
 * What a window stored that the next must not find: everything but the HTTP cache, whose
 * compiled scripts are the point (Chrome keeps V8's code for a script it fetched before).
 */
const STORED = 'cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage,storage_buckets,shared_storage';

/**
 * Starts chromium once, with a profile of its own in `profileDir`. Windows served from one
 * origin (one code-server port, reused) find the workbench's 19 MB of scripts in the cache,
 * and after two loads V8's compiled code for them: measured, a window's load took 4.2 CPU-s
 * in a fresh context and 2.9 here. Each window still starts from nothing stored: its pages are
 * closed (their unload writes done) before its origin's storage, the cookies of every origin
 * and the permissions are cleared.
 */
export async function launchSharedBrowser(profileDir: string): Promise<SharedBrowser> {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
  const context = await chromium.launchPersistentContext(profileDir, { ...LAUNCH, viewport: VIEWPORT });
  // The blank page the next window takes: the context is never left without one, and a window
  // sees only its own pages (sign-in tests count them).
  let spare = context.pages()[0] ?? (await context.newPage());
  const close = async (): Promise<void> => {
    unregister();
    await context.close().catch(() => undefined);
  };
  const unregister = onAbort(close);
  return {
    async newWindow(origin) {
      const page = spare;
      let closed = false;
      return {
        page,
        context,
        async close() {
          if (closed) return;
          closed = true;
          spare = await context.newPage();
          for (const other of context.pages()) if (other !== spare) await other.close().catch(() => undefined);
          const cdp = await context.newCDPSession(spare);
          await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: STORED });
          await cdp.detach();
          await context.clearCookies();
          await context.clearPermissions();
        },
      };
    },
    close,
  };
}
