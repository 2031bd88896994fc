// Types of scripts/build-stamp.mjs for the TypeScript test setups that call it.
export declare const BUILD_INPUTS: string[];
export declare function buildInputs(root: string, inputs?: string[]): string[];
export declare function sourceHash(root: string, inputs?: string[]): string;
export declare function staleness(root: string, inputs?: string[]): string | null;
export declare function beginBuild(root: string, inputs?: string[]): void;
export declare function finishBuild(root: string): boolean;
export declare function ensureFreshBuild(
  root: string,
  options?: {
    inputs?: string[];
    build?: (root: string) => unknown;
    log?: (message: string) => void;
  },
): Promise<boolean>;
