// Placeholder until the public pages land in this session.
export default function PlansPage() {
  return <div>plans-page</div>;
}
