import { ComingSoon } from '../../components/coming-soon.tsx';

export function ProfilePage() {
  return (
    <ComingSoon
      title="Collector profiles"
      summary="Collectors will keep a public profile here with their Collected cards and their Want to Buy list."
    />
  );
}
