// Placeholder until the public pages land in this session.
export default function CookiePolicyPage() {
  return <div>cookie-policy-page</div>;
}
