import { Box } from '@chakra-ui/react';
import { useLocation, useSearchParams } from 'react-router';
import { useUsersQuery } from '../api/admin-api';
import { adminOnly } from './admin-only';
import { AdminCard, AdminFrame } from './admin-frame';
import { AuditLog } from './audit-log';
import { CatalogueEditor } from './catalogue-editor';
import { UserPicker, type PickedUser } from './user-picker';
import { UserStepsPanel } from './user-steps-panel';

/** /admin/steps — the editable catalogue, one person's steps (`?user=<id>`) with adjustments, and the audit log. */
export const AdminStepsPage = adminOnly(AdminSteps);

function isPickedUser(value: unknown): value is PickedUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'string' && typeof user.email === 'string' && typeof user.firstName === 'string';
}

/** The person in `?user=`: from the link that opened the page, else from the users list. */
function useSelectedUser(userId: string | null): PickedUser | null {
  const location = useLocation();
  const users = useUsersQuery('');
  if (!userId) return null;
  const fromState: unknown = (location.state as { user?: unknown } | null)?.user;
  if (isPickedUser(fromState) && fromState.id === userId) return fromState;
  const fromList = users.data?.find((u) => u.id === userId);
  if (fromList) return fromList;
  return { id: userId, firstName: 'Persona', lastName: null, email: `id ${userId}` };
}

function AdminSteps() {
  const [params, setParams] = useSearchParams();
  const userId = params.get('user');
  const selected = useSelectedUser(userId);

  return (
    <AdminFrame title="Pasos y catálogo" description="Edita lo que suma cada actividad, revisa los pasos de una persona y corrígelos con un ajuste manual.">
      <CatalogueEditor />
      <AuditLog />
      <AdminCard id="admin-usuario" title="Pasos de una persona" description="Busca a alguien para ver sus pasos de hoy, su historial y hacer un ajuste.">
        <UserPicker
          key={selected?.id ?? 'ninguna'}
          selected={selected}
          onSelect={(user) => {
            const next = new URLSearchParams(params);
            if (user) next.set('user', user.id);
            else next.delete('user');
            setParams(next, { state: user ? { user } : null });
          }}
        />
        {selected ? (
          <Box mt="6">
            <UserStepsPanel key={selected.id} user={selected} />
          </Box>
        ) : null}
      </AdminCard>
    </AdminFrame>
  );
}
