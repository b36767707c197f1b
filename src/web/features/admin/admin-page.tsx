import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { Spinner } from '#web/components/ui/states.tsx';
import { sessionQuery } from '../accounts/api/session.ts';
import { AdminDatabaseManager } from './admin-database-manager.tsx';
import { AdminAccessRequired } from './components/admin-access-required.tsx';

/**
 * SPEC.md §2 /admin-database: admins only. A signed-in non-admin or a visitor is sent home; when the session
 * cannot be checked, the page says that admin access is required instead of guessing.
 */
export function AdminPage() {
  const session = useQuery(sessionQuery);
  if (session.isPending) return <Spinner label="Checking your access…" />;
  if (session.isError) return <AdminAccessRequired />;
  if (!session.data.user?.isAdmin) return <Navigate to="/" replace />;
  return <AdminDatabaseManager />;
}
