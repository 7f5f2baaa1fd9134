// What an audit entry changed, one line per field ("Role: user → admin"), as the audit trail and the security
// dashboard's admin actions both show it: the words come from auditChangeLines, the layout lives here once.
import { Text } from '@mantine/core';
import { auditChangeLines } from '../lib/audit-labels.ts';

interface TAuditChangeLinesProps {
  entry: Parameters<typeof auditChangeLines>[0];
  size?: 'xs' | 'sm';
}

export function AuditChangeLines({ entry, size = 'sm' }: TAuditChangeLinesProps) {
  return auditChangeLines(entry).map((line) => (
    <Text size={size} key={line} style={{ overflowWrap: 'anywhere' }}>
      {line}
    </Text>
  ));
}
