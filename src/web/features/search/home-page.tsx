import { ComingSoon } from '../../components/coming-soon.tsx';

export function HomePage() {
  return (
    <ComingSoon title="Holoscope" summary="Research what graded vintage Pokémon cards really sold for." />
  );
}
