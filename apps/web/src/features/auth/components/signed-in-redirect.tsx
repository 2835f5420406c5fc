import { safeNextPath } from '@ascenso/domain/display';
import { Navigate, useSearchParams } from 'react-router';

/** `/acceso` for someone already signed in: go to `?next=` when it is a same-site path, else home. */
export function SignedInRedirect() {
  const [searchParams] = useSearchParams();
  return <Navigate to={safeNextPath(searchParams.get('next'))} replace />;
}
