// Placeholder until the landing page lands in this session.
export function LandingPage() {
  return <div>landing</div>;
}
