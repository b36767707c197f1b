import { buildApp } from './app.ts';
import { loadConfigOrExit } from './env.ts';
import { keepStartingFeedEngine } from './features/index.ts';
import { prepareOnStart } from './startup.ts';

async function main(): Promise<void> {
  const config = loadConfigOrExit({ serving: true });

  const app = await buildApp(config);
  await prepareOnStart(app.context, app.log);
  await app.listen({ port: config.port, host: config.host });
  void keepStartingFeedEngine(app.context.feeds, app.log);
  if (config.notificationWorker) app.context.notifications.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    await app.close();
    app.log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
