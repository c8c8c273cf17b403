import { LogoCarousel } from './logo-carousel';

export function CustomerLogosSection() {
  return (
    <section className="logos" aria-labelledby="logos-title">
      <div className="container">
        <h2 id="logos-title" className="logos__title">
          Trusted by equipment suppliers, from single-location startups to regional chains
        </h2>
        <LogoCarousel />
      </div>
    </section>
  );
}
