// Types of scripts/chromium.mjs for the TypeScript tests that start Chromium.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
