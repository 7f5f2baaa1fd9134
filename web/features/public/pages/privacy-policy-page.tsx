// Placeholder until the public pages land in this session.
export default function PrivacyPolicyPage() {
  return <div>privacy-policy-page</div>;
}
