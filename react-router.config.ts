import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // v8_middleware stays off: services reach loaders through AppLoadContext
    // (docs/decisions/002-server-and-load-context.md).
  },
} satisfies Config;
