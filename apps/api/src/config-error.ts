/** An invalid environment (env.ts names every bad variable); main.ts prints it and exits. */
export class ConfigError extends Error {}
