export interface BundledModule {
  /** A file URL to import, or to give Tinypool as `filename`. */
  readonly url: string;
  /** Deletes the bundle. */
  readonly dispose: () => void;
}

export function bundleModule(root: string, entry: string, name: string): Promise<BundledModule | null>;
