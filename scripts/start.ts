// `npm start`: the demo. A sandbox platform with its order generator, a relay (its own process, as
// it is deployed), and the app on the demo venue, all on 127.0.0.1 and connected with no typing.
// Electron when its binary is installed, the web host otherwise (or with `npm start -- --web`).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startCore } from '../main/core';
import type { Core, CoreOptions } from '../main/core';
import type { SecretStore } from '../main/secrets/secret-store';
import {
  assertKeychainAvailable,
  createKeytarSecretStore,
  createMemorySecretStore,
} from '../main/secrets/secret-store';
import { startWebHost } from '../main/web-host/server';
import type { WebHost } from '../main/web-host/server';
import { createTerminal } from '../relay/terminals';
import { startSandbox } from '../sandbox/server';
import { startVirtualPrinter } from '../sandbox/escpos-printer';
import type { PrinterTrouble, VirtualPrinter } from '../sandbox/escpos-printer';
import type { Sandbox, SandboxOptions } from '../sandbox/server';
import { ensureRendererBuilt, onShutdown, RENDERER_DIR, ROOT } from './start-web';
import type { RelayProcess, RelayProcessOptions } from './relay-process';
import { startRelayProcess } from './relay-process';
import { startSandboxProcess } from './sandbox-process';

const DEMO_KEYCHAIN_SERVICE = 'countertop-demo';
/** Tickets the demo's virtual printer keeps for the page and tests to read (the newest). */
const DEMO_PRINTER_KEEPS = 500;

export type DemoOptions = {
  ordersPerMinute?: number;
  seed?: number;
  notificationRetry?: SandboxOptions['notificationRetry'];
  /** Use the OS keychain when it answers (default true); tests keep secrets in memory. */
  keychain?: boolean;
  /** Start the web host on this port (0 = any); null = no web host. */
  webPort?: number | null;
  core?: Partial<Omit<CoreOptions, 'dataDir' | 'secretStore'>>;
  /** Where the core keeps its secrets, instead of the keychain or memory (a benchmark restarts the core on it). */
  secretStore?: SecretStore;
  log?: (line: string) => void;
  /** Start a virtual ESC/POS printer and set it up as the counter's printer (default true). */
  printer?: boolean;
  /**
   * Run the sandbox in a process of its own, as the relay is (default false: in this process).
   * For measuring this process alone: the sandbox keeps every order, as the platform does.
   */
  sandboxProcess?: boolean;
  /**
   * How many terminals of the demo venue (default 1): each its own core, data, relay key, virtual
   * printer and, with a web host, its own `ui:` address. Staff names: Counter, Kitchen, …
   */
  terminals?: number;
  /**
   * How many venues of the demo merchant each terminal serves (default 1, "Countertop Demo
   * Kitchen"). With 2 the merchant runs two brands from one kitchen, "Kamppi Burgers" and "Kamppi
   * Bowls", each with its own menu and order generator; one relay key serves both, and the second
   * is added with setup:addVenue once the first is connected, as staff would.
   */
  venues?: 1 | 2;
  /** Run the relay from a bundle folder (scripts/relay-process.ts bundleDir), not the sources. */
  relayBundleDir?: string;
};

/** A terminal of the demo venue beyond the first (which is `Demo.core`, `webHost`, `printer`). */
export type DemoTerminal = {
  name: string;
  core: Core;
  webHost: WebHost | null;
  printer: VirtualPrinter | null;
};

/** The names the demo gives its terminals, in order. */
export const DEMO_TERMINAL_NAMES = ['Counter', 'Kitchen', 'Bar', 'Terrace'] as const;
export const MAX_DEMO_TERMINALS = DEMO_TERMINAL_NAMES.length;

export type Demo = {
  sandbox: Sandbox;
  /** The relay process: `kill -STOP` or `kill` its pid and the terminal raises the alarm. */
  relay: RelayProcess;
  /**
   * Starts the relay again on its port and database (after it was killed), as an operator would;
   * `intake`: with the quiet before "no orders arriving" its config file sets (default: none).
   */
  restartRelay(options?: Pick<RelayProcessOptions, 'intake'>): Promise<RelayProcess>;
  core: Core;
  /** The first terminal's relay key, as the operator handed it over (staff type it at set-up). */
  terminalKey: string;
  webHost: WebHost | null;
  /** The virtual counter printer (sandbox/escpos-printer.ts), when started. */
  printer: VirtualPrinter | null;
  /** Every terminal of the demo venue, the first one (`core`) included. */
  terminals: DemoTerminal[];
  dataDir: string;
  secretsInKeychain: boolean;
  /** Closes the core (not the sandbox or relay) so another process can open the data dir. */
  releaseCore(): Promise<void>;
  close(): Promise<void>;
};

/** The OS keychain when it answers, else memory: the demo's secrets are throw-away. */
export const pickSecretStore = async (
  useKeychain: boolean,
  log: (line: string) => void,
  keychainStore: () => SecretStore = () => createKeytarSecretStore(DEMO_KEYCHAIN_SERVICE),
): Promise<{ store: SecretStore; keychain: boolean }> => {
  if (useKeychain) {
    const store = keychainStore();
    try {
      await assertKeychainAvailable(store);
      return { store, keychain: true };
    } catch {
      log(
        'notice: no OS keychain answered; the demo keeps its (throw-away) secrets in memory only.',
      );
    }
  }
  return { store: createMemorySecretStore(), keychain: false };
};

/** Mints an authorization code the way the platform's onboarding would hand one to the venue. */
const mintAuthorizationCode = async (
  sandbox: Sandbox,
  venueId: string = sandbox.demo.venueId,
): Promise<string> => {
  const response = await fetch(`${sandbox.controlUrl}/authorization-codes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      client_id: sandbox.demo.clientId,
      venue_id: venueId,
      redirect_uri: sandbox.demo.redirectUri,
    }),
  });
  if (!response.ok)
    throw new Error(
      `the sandbox refused an authorization code: ${response.status} ${await response.text()}`,
    );
  const { code } = (await response.json()) as { code: string };
  return code;
};

/** The sandbox's demo merchant of the delivery service, as its operator would hand it over. */
const demoMerchant = async (
  sandbox: Sandbox,
): Promise<{ merchantId: string; merchantKey: string; venueId: string }> => {
  const response = await fetch(`${sandbox.controlUrl}/drive/demo`);
  if (!response.ok)
    throw new Error(
      `the sandbox has no demo merchant: ${response.status} ${await response.text()}`,
    );
  const demo = (await response.json()) as {
    merchant_id: string;
    merchant_key: string;
    venue_id: string;
  };
  return { merchantId: demo.merchant_id, merchantKey: demo.merchant_key, venueId: demo.venue_id };
};

/** Connects a demo terminal to the venue with no typing, and sets up its virtual printer. */
const connectTerminal = async (
  core: Core,
  sandbox: Sandbox,
  relayUrl: string,
  terminalKey: string,
  printer: VirtualPrinter | null,
): Promise<void> => {
  await core.api['setup:connect']({
    authUrl: sandbox.authUrl,
    posUrl: sandbox.posUrl,
    clientId: sandbox.demo.clientId,
    clientSecret: sandbox.demo.clientSecret,
    code: await mintAuthorizationCode(sandbox),
    redirectUri: sandbox.demo.redirectUri,
    relayUrl,
    terminalKey,
  });
  await core.api['delivery:configure']({
    ...(await demoMerchant(sandbox)),
    driveUrl: sandbox.driveUrl,
  });
  if (printer)
    await core.api['print:configure']({
      printers: [
        {
          id: 'counter',
          name: 'Counter printer (virtual)',
          connection: { kind: 'network', host: printer.host, port: printer.port },
          paperWidth: 80,
          documents: ['kitchen-ticket', 'pickup-label', 'receipt', 'day-summary', 'test-page'],
        },
      ],
    });
};

/** The second brand added to a connected terminal with its own authorization code. */
const addDemoVenues = async (core: Core, sandbox: Sandbox): Promise<void> => {
  for (const venueId of sandbox.demo.venueIds.slice(1))
    await core.api['setup:addVenue']({
      clientId: sandbox.demo.clientId,
      clientSecret: sandbox.demo.clientSecret,
      code: await mintAuthorizationCode(sandbox, venueId),
      redirectUri: sandbox.demo.redirectUri,
    });
};

/** Sandbox, relay, terminal key, core and onboarding: the whole demo, ready to take orders. */
export const startDemo = async (options: DemoOptions = {}): Promise<Demo> => {
  const log = options.log ?? ((line: string) => console.log(line));
  const tempRoot = mkdtempSync(path.join(os.tmpdir(), 'countertop-demo-'));
  const dataDir = path.join(tempRoot, 'app');
  const relayDb = path.join(tempRoot, 'relay.db');
  const webhookSecret = randomBytes(32).toString('hex');
  const demoClientSecret = randomBytes(32).toString('hex');
  const stops: Array<() => Promise<void>> = [];
  const close = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
    rmSync(tempRoot, { recursive: true, force: true });
  };

  try {
    const relayOptions = {
      dbPath: relayDb,
      marketplaceSecrets: [webhookSecret],
      // The demo's relay holds the demo merchant's delivery key, sealed with a key of its own.
      credentialsKey: randomBytes(32).toString('base64'),
      log,
      ...(options.relayBundleDir ? { bundleDir: options.relayBundleDir } : {}),
    };
    let relay = await startRelayProcess(relayOptions);
    stops.push(() => relay.stop());
    const sandboxOptions = {
      webhookUrl: `${relay.url}/hooks/marketplace`,
      webhookSecret,
      ordersPerMinute: options.ordersPerMinute ?? 2,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.notificationRetry ? { notificationRetry: options.notificationRetry } : {}),
      ...(options.venues === 2 ? { demoBrands: true } : {}),
    };
    const sandbox = options.sandboxProcess
      ? await startSandboxProcess(sandboxOptions)
      : await startSandbox({ ...sandboxOptions, demoClientSecret });
    stops.push(() => sandbox.close());
    // One relay key per terminal, serving every venue of the demo merchant.
    const terminal = createTerminal(relayDb, sandbox.demo.venueIds, { name: 'demo counter' });

    const printer =
      options.printer === false ? null : await startVirtualPrinter({ keep: DEMO_PRINTER_KEEPS });
    if (printer) stops.push(() => printer.close());
    const { store, keychain } = options.secretStore
      ? { store: options.secretStore, keychain: false }
      : await pickSecretStore(options.keychain ?? true, log);
    const core = await startCore({ ...options.core, dataDir, secretStore: store });
    const coreRef: { current: Core | null } = { current: core };
    stops.push(async () => {
      if (keychain && coreRef.current) {
        // Leave nothing of the throw-away demo venue in the user's keychain.
        await coreRef.current.api['setup:disconnect']({}).catch(() => undefined);
      }
      await coreRef.current?.close();
    });
    await connectTerminal(core, sandbox, relay.url, terminal.key, printer);
    await addDemoVenues(core, sandbox);
    const count = options.terminals ?? 1;
    if (count > 1) await core.api['terminal:rename']({ name: DEMO_TERMINAL_NAMES[0] });

    const serve = async (served: Core): Promise<WebHost | null> => {
      if (options.webPort === null || options.webPort === undefined) return null;
      await ensureRendererBuilt();
      // Each terminal its own address: a fixed port is the first terminal's only.
      const port = served === core ? options.webPort : 0;
      const host = await startWebHost({ core: served, port, rendererDir: RENDERER_DIR });
      stops.push(() => host.close());
      return host;
    };
    const webHost = await serve(core);
    const terminals: DemoTerminal[] = [
      { name: count > 1 ? DEMO_TERMINAL_NAMES[0] : 'demo counter', core, webHost, printer },
    ];
    for (let index = 1; index < count; index += 1) {
      const name = DEMO_TERMINAL_NAMES[index] ?? `Terminal ${index + 1}`;
      const key = createTerminal(relayDb, sandbox.demo.venueIds, { name }).key;
      const own =
        options.printer === false ? null : await startVirtualPrinter({ keep: DEMO_PRINTER_KEEPS });
      if (own) stops.push(() => own.close());
      // The other terminals keep their throw-away secrets in memory: one keychain entry per name.
      const other = await startCore({
        ...options.core,
        dataDir: path.join(tempRoot, `app-${index + 1}`),
        secretStore: createMemorySecretStore(),
        machineName: name.toLowerCase(),
      });
      stops.push(() => other.close());
      await connectTerminal(other, sandbox, relay.url, key, own);
      await addDemoVenues(other, sandbox);
      await other.api['terminal:rename']({ name });
      terminals.push({ name, core: other, webHost: await serve(other), printer: own });
    }
    const demo: Demo = {
      sandbox,
      relay,
      restartRelay: async (options = {}) => {
        await relay.stop();
        relay = await startRelayProcess({ ...relayOptions, ...options, port: relay.port });
        demo.relay = relay;
        return relay;
      },
      core,
      terminalKey: terminal.key,
      webHost,
      printer,
      terminals,
      dataDir,
      secretsInKeychain: keychain,
      releaseCore: async () => {
        const running = coreRef.current;
        coreRef.current = null;
        await running?.close();
      },
      close,
    };
    return demo;
  } catch (error) {
    await close();
    throw error;
  }
};

/**
 * The Electron binary's path, or why it is missing. Not `require('electron')`: when the binary is
 * missing, that call starts downloading it, which the demo must never do behind the user's back.
 * Same lookup as electron's index.js: path.txt names the binary under dist/.
 */
const findElectron = (): { path: string } | { missing: string } => {
  let packageDir: string;
  try {
    packageDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  if (!executable && !process.env.ELECTRON_OVERRIDE_DIST_PATH)
    return { missing: 'the Electron binary was never downloaded' };
  const binary = process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, executable || 'electron')
    : path.join(packageDir, 'dist', executable);
  return existsSync(binary) ? { path: binary } : { missing: `no Electron binary at ${binary}` };
};

const buildElectronApp = async (): Promise<void> => {
  await ensureRendererBuilt();
  const { buildMain } = await import('./build-main');
  await buildMain();
};

const TROUBLES: Record<string, PrinterTrouble | null> = {
  paper: 'paper-out',
  cover: 'cover-open',
  offline: 'offline',
  back: null,
};

/** The virtual printer's line, what it prints, and the troubles typed at the terminal. */
const playPrinter = (printer: VirtualPrinter): void => {
  console.log(
    `printer: ${printer.host}:${printer.port} (virtual ESC/POS; type paper, cover, offline, near-end, unplug or back + Enter to play a trouble)`,
  );
  printer.onDocument((doc) => {
    const words = doc.lines.map((l) => l.text.trim()).filter(Boolean);
    console.log(`printer: printed ${words.slice(0, 2).join(' ')} (${doc.lines.length} lines, cut)`);
  });
  if (!process.stdin.isTTY) return;
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (input: string) => {
    const word = input.trim();
    if (word === 'unplug') void printer.unplug();
    else if (word === 'near-end') printer.paperNearEnd(true);
    else if (word in TROUBLES) {
      printer.trouble(TROUBLES[word] ?? null);
      if (word === 'back') {
        printer.paperNearEnd(false);
        void printer.plugIn();
      }
    } else return;
    console.log(`printer: ${word}`);
  });
  process.stdin.unref();
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      web: { type: 'boolean', default: false },
      port: { type: 'string', default: '0' },
      'orders-per-minute': { type: 'string', default: '2' },
      terminals: { type: 'string', default: '1' },
      venues: { type: 'string', default: '2' },
    },
    strict: true,
  });
  const ordersPerMinute = Number(values['orders-per-minute']);
  const terminals = Number(values.terminals);
  if (!Number.isInteger(terminals) || terminals < 1 || terminals > MAX_DEMO_TERMINALS) {
    console.error(`start: --terminals takes a whole number from 1 to ${MAX_DEMO_TERMINALS}.`);
    process.exit(2);
  }
  const venues = Number(values.venues);
  if (venues !== 1 && venues !== 2) {
    console.error('start: --venues takes 1 or 2.');
    process.exit(2);
  }
  // Several terminals run in this process behind web hosts, one `ui:` address each.
  const electron = values.web || terminals > 1 ? null : findElectron();
  let useElectron = electron !== null && 'path' in electron;
  if (electron && 'missing' in electron) {
    console.log(
      `electron: not available (${electron.missing}); opening the UI through the web host instead.`,
    );
  }

  let child: ChildProcess | null = null;
  let demo: Demo | null = null;
  onShutdown(async () => {
    child?.kill('SIGTERM');
    await demo?.close();
  });

  demo = await startDemo({
    ordersPerMinute,
    webPort: terminals > 1 ? Number(values.port) : null,
    terminals,
    venues,
  });
  console.log(`sandbox: ${demo.sandbox.url}`);
  console.log(`relay: ${demo.relay.url} (pid ${demo.relay.pid})`);
  if (demo.printer) playPrinter(demo.printer);

  if (useElectron && !demo.secretsInKeychain) {
    console.log(
      'electron: the demo secrets live in this process only (no keychain); using the web host.',
    );
    useElectron = false;
  }
  if (useElectron && electron && 'path' in electron) {
    await buildElectronApp();
    // The desktop app opens the same data dir and keychain entries; only one process may hold them.
    await demo.releaseCore();
    child = spawn(electron.path, [ROOT], {
      stdio: 'inherit',
      env: {
        ...process.env,
        COUNTERTOP_DATA_DIR: demo.dataDir,
        COUNTERTOP_KEYCHAIN_SERVICE: DEMO_KEYCHAIN_SERVICE,
      },
    });
    console.log('ui: the Countertop window (Electron)');
    child.on('exit', (code) => {
      console.log(`electron exited (${code ?? 'signal'}); stopping the demo.`);
      process.kill(process.pid, 'SIGTERM');
    });
    return;
  }
  if (terminals > 1) {
    for (const terminal of demo.terminals) {
      if (terminal !== demo.terminals[0] && terminal.printer) playPrinter(terminal.printer);
      console.log(`ui: ${terminal.webHost?.url ?? ''} (${terminal.name})`);
    }
    return;
  }
  await ensureRendererBuilt();
  const host = await startWebHost({
    core: demo.core,
    port: Number(values.port),
    rendererDir: RENDERER_DIR,
  });
  const stopDemo = demo.close;
  demo.close = async () => {
    await host.close();
    await stopDemo();
  };
  console.log(`ui: ${host.url}`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
