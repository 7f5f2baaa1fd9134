// Placeholder until the public pages land in this session.
export default function TermsOfServicePage() {
  return <div>terms-of-service-page</div>;
}
