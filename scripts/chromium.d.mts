// Types of scripts/chromium.mjs for the TypeScript that imports it (e2e/playwright.config.ts).
export declare const CHROMIUM_ARGS: string[];
export declare function findChromium(
  env?: NodeJS.ProcessEnv,
  probe?: (file: string) => boolean,
):
  | { path: string; source: 'CHROMIUM_PATH' | 'system' | 'playwright'; error?: undefined }
  | { path?: undefined; error: string };
export declare function chromiumLaunchOptions(env?: NodeJS.ProcessEnv): {
  executablePath: string;
  args: string[];
};
export declare function ensureChromium(
  env?: NodeJS.ProcessEnv,
  options?: { install?: () => boolean; canInstall?: () => boolean; probe?: (file: string) => boolean },
): { ok: boolean; line: string };
