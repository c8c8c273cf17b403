import { CustomerLogosSection } from '@/features/home/components/customer-logos-section';
import { HomeCta } from '@/features/home/components/home-cta';
import { HomeHero } from '@/features/home/components/home-hero';
import { HomeStats } from '@/features/home/components/home-stats';
import { Testimonial } from '@/features/home/components/testimonial';
import '@/features/home/home.css';

export function HomeRoute() {
  return (
    <>
      <HomeHero />
      <CustomerLogosSection />
      <HomeStats />
      <Testimonial />
      <HomeCta />
    </>
  );
}
