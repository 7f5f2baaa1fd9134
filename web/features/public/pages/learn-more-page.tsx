// Placeholder until the public pages land in this session.
export default function LearnMorePage() {
  return <div>learn-more-page</div>;
}
