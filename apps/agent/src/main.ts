import { parseArgs } from 'node:util';
import { PrinterAgent, consoleLog } from './agent.js';
import { discoverPrinters, formatDiscovery } from './cli/discover.js';
import { runDoctor } from './cli/doctor.js';
import { trustCertificate } from './cli/trust-certificate.js';
import { ConfigError, DEFAULT_CONFIG_FILE, agentSecret, loadConfig } from './config.js';
import { EsclScanner, PanelGateway } from './device/index.js';
import { AGENT_VERSION } from './version.js';

const USAGE = `printomat-agent ${AGENT_VERSION}: the Printomat printer agent

Usage: printomat-agent [command] [--config FILE]

Commands:
  run                 connect to the server and print released jobs (the default)
  doctor              check the configuration, the server link and the printer; exit 1 on problems
  discover            list IPP printers on the local network (DNS-SD), to choose PRINTER_URI
  trust-certificate   pin the ipps:// printer's current TLS certificate (after it was renewed)

Options:
  --config FILE       settings file (default $PRINTOMAT_AGENT_CONFIG, else ${DEFAULT_CONFIG_FILE})
  --seconds N         how long discover listens (default 5)
  --version           print the version
  --help              print this help

Settings (KEY=VALUE in the file; environment variables of the same name override it):
  PRINTOMAT_SERVER_URL, PRINTOMAT_MINION_ID, PRINTOMAT_AGENT_SECRET, PRINTER_URI,
  PRINTER_USERNAME, PRINTER_PASSWORD, AGENT_STATE_DIR; for copying and scanning with ID + PIN:
  PANEL_KEY, PANEL_LISTEN, PANEL_ALLOW_REMOTE, SCANNER_URL (see docs/agent.md)`;

async function run(configPath: string | undefined): Promise<void> {
  const settings = await loadConfig({ ...(configPath ? { configPath } : {}) });
  const secret = await agentSecret(settings);
  const agent = new PrinterAgent({
    serverUrl: settings.serverUrl,
    printerUri: settings.printerUri,
    stateDir: settings.stateDir,
    minionId: settings.minionId,
    secret,
    ...(settings.printerCredentials ? { printerCredentials: settings.printerCredentials } : {}),
    log: consoleLog,
  });
  await agent.start();
  // Copying and scanning with ID + PIN: the device's panel talks to the gateway.
  const gateway = settings.panel
    ? new PanelGateway({
        link: agent,
        panelKey: settings.panel.key,
        listen: settings.panel.listen,
        ...(settings.scannerUrl
          ? { scanner: new EsclScanner({ baseUrl: settings.scannerUrl }) }
          : {}),
        log: consoleLog,
      })
    : undefined;
  if (settings.panel?.remote)
    consoleLog.warn(
      'the panel gateway listens on the network (PANEL_ALLOW_REMOTE=true): IDs, PINs and the panel key cross it as plain HTTP',
      { PANEL_LISTEN: settings.panel.listen },
    );
  // A gateway that cannot listen is logged and tried again every minute: printing goes on.
  const panelAt = gateway
    ? (
        await gateway.keepStarting({
          onStarted: (url) =>
            consoleLog.info('panel gateway listening', {
              panelGateway: url,
              scanner: settings.scannerUrl ?? null,
            }),
        })
      )?.url
    : undefined;
  consoleLog.info('printer agent started', {
    version: AGENT_VERSION,
    serverUrl: settings.serverUrl,
    printerUri: settings.printerUri,
    minionId: settings.minionId,
    config: settings.configFile,
    ...(gateway ? { panelGateway: panelAt ?? 'not listening (retried every minute)' } : {}),
  });
  const stop = () => {
    void Promise.resolve(gateway?.stop())
      .then(() => agent.stop())
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<number | undefined> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      seconds: { type: 'string' },
      version: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.version) {
    console.log(AGENT_VERSION);
    return 0;
  }
  const command = positionals[0] ?? 'run';
  if (values.help || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  switch (command) {
    case 'run':
      await run(values.config);
      return undefined;
    case 'doctor': {
      const settings = await loadConfig({
        ...(values.config ? { configPath: values.config } : {}),
      });
      return (await runDoctor(settings)).ok ? 0 : 1;
    }
    case 'discover': {
      const seconds = values.seconds === undefined ? 5 : Number(values.seconds);
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
        console.error('--seconds must be a whole number from 1 to 60');
        return 2;
      }
      const result = await discoverPrinters({ seconds });
      for (const line of formatDiscovery(result)) console.log(line);
      return result.ok ? 0 : 1;
    }
    case 'trust-certificate': {
      const settings = await loadConfig({
        ...(values.config ? { configPath: values.config } : {}),
      });
      console.log(await trustCertificate(settings));
      return 0;
    }
    default:
      console.error(`unknown command ${command}\n\n${USAGE}`);
      return 2;
  }
}

main().then(
  (code) => {
    if (code !== undefined) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof ConfigError) {
      console.error('printomat-agent: the configuration has problems:');
      for (const problem of err.problems) console.error(`  - ${problem}`);
      process.exit(2);
    }
    console.error(`printomat-agent: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
