// What a user who is not an admin sees on /label-config: the company's configuration to read. Only admins may change
// it (the server refuses anyone else), so a form would only offer switches that cannot be saved.
import { Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TLabelConfig } from '#common/label-config.ts';
import { LoadError } from '../../components/load-error.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchLabelConfig } from './api.ts';

const onOff = (value: boolean) => (value ? 'On' : 'Off');

/** The rows of the summary, in the order of the Config screen. */
function rowsOf(config: TLabelConfig): [label: string, value: string][] {
  return [
    ['Label size', `${config.width} × ${config.height} inches`],
    ['Lot numbers', onOff(config.useLotNumbers)],
    ['Borrowing', onOff(config.allowBorrowing)],
    ['Reduced inspection', onOff(config.allowReducedInspection)],
    ['Build', onOff(config.enableBuildFeature)],
    ['Quality', onOff(config.enableQualityFeature)],
    ['Inventory', onOff(config.enableInventoryFeature)],
    ['Time', onOff(config.enableTimeFeature)],
    ['Maintenance', onOff(config.enableMaintenanceFeature)],
  ];
}

export function LabelConfigSummary() {
  const config = useQuery({
    queryKey: queryKeys.labelConfig,
    queryFn: ({ signal }) => fetchLabelConfig(signal),
  });
  if (config.isError) {
    return (
      <LoadError
        title="The configuration could not be loaded"
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (!config.data) return <Loader aria-label="Loading the configuration" />;
  return (
    <Stack maw={560}>
      <Table aria-label="Company configuration" withTableBorder>
        <Table.Tbody>
          {rowsOf(config.data).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">Only an admin of your company can change the configuration.</Text>
    </Stack>
  );
}
