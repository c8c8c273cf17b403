import { HomeHero } from '../../features/home/components/home-hero';
import { HomeStats } from '../../features/home/components/home-stats';

export function HomeRoute() {
  return (
    <>
      <HomeHero />
      <HomeStats />
    </>
  );
}
