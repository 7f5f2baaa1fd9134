// Placeholder until the public pages land in this session.
export default function NotFoundPage() {
  return <div>not-found-page</div>;
}
