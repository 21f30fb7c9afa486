import type { TransformersModule } from './load-transformers.js';

type Settings = { readonly allowRemoteModels: boolean; readonly cacheDir?: string };

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `load` with transformers.js's global `allowRemoteModels` and `cacheDir` set, then puts
 * them back; loads run one at a time. Needed because `pipeline()` in 4.3.1 looks up the
 * model's files without the per-call `local_files_only` and `cache_dir`, so those alone
 * still reach the Hub (and miss a custom cache).
 */
export function withEnvironment<T>(
  transformers: TransformersModule,
  settings: Settings,
  load: () => Promise<T>,
): Promise<T> {
  const run = queue.then(async () => {
    const { env } = transformers;
    const saved = { allowRemoteModels: env.allowRemoteModels, cacheDir: env.cacheDir };
    env.allowRemoteModels = settings.allowRemoteModels;
    if (settings.cacheDir !== undefined) env.cacheDir = settings.cacheDir;
    try {
      return await load();
    } finally {
      env.allowRemoteModels = saved.allowRemoteModels;
      env.cacheDir = saved.cacheDir;
    }
  });
  queue = run.catch(() => {});
  return run;
}
