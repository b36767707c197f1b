import { ComingSoon } from '../../components/coming-soon.tsx';

export function AdminPage() {
  return (
    <ComingSoon
      title="Admin Database Manager"
      summary="Admins will review recent sales by day and set here, and remove bad ones."
    />
  );
}
