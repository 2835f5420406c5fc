import { matchPath } from 'react-router';

/** A route's path as the route table writes it (`/breathing/:id`, `*`). */
export interface RoutePath {
  path: string;
}

// The signed-in route table, registered by src/app/routes.tsx when it loads: features may not import
// app/ (eslint.config.js), and every screen is reached through that table, so it is registered before
// any screen asks.
let registered: readonly RoutePath[] = [];

/** Called once by src/app/routes.tsx with `memberRoutes`. */
export function registerMemberRoutes(routes: readonly RoutePath[]): void {
  registered = routes;
}

/**
 * Whether a path leads to a real screen in the signed-in route table (src/app/routes.tsx), so the
 * app never links to a screen that does not exist yet.
 */
export function isRouteAvailable(path: string, routes: readonly RoutePath[] = registered): boolean {
  return routes.some((route) => route.path !== '*' && matchPath({ path: route.path, end: true }, path) !== null);
}
