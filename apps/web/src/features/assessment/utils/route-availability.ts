import { matchPath } from 'react-router';
import { memberRoutes, type AppRoute } from '../../../app/routes';

/**
 * Whether a path leads to a real screen in the signed-in route table (src/app/routes.tsx), so the
 * app never links to a screen that does not exist yet.
 */
export function isRouteAvailable(path: string, routes: readonly Pick<AppRoute, 'path'>[] = memberRoutes): boolean {
  return routes.some((route) => route.path !== '*' && matchPath({ path: route.path, end: true }, path) !== null);
}
