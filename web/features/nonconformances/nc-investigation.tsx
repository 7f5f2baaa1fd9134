// The investigation of a nonconformance (decision 073): what is wrong, how it was contained, its root cause and the
// corrective and preventive actions — written by anyone in the company while it is not closed, read-only after.
import { Card, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TNcDetail,
  type TNcInvestigation,
  ZNcInvestigationSchema,
} from '#common/schemas/nonconformances.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { editNonconformance, ncKeys } from './api.ts';

interface TValues extends Record<string, unknown> {
  description: string;
  containment: string;
  rootCause: string;
  correctiveAction: string;
  preventiveAction: string;
}

const FIELDS: {
  field: 'containment' | 'rootCause' | 'correctiveAction' | 'preventiveAction';
  label: string;
  hint: string;
}[] = [
  { field: 'containment', label: 'Containment', hint: 'What was done at once to stop it spreading' },
  { field: 'rootCause', label: 'Root cause', hint: 'Why it happened' },
  { field: 'correctiveAction', label: 'Corrective action', hint: 'What fixes the cause' },
  { field: 'preventiveAction', label: 'Preventive action', hint: 'What keeps it from happening again' },
];

const valuesOf = (nc: TNcDetail): TValues => ({
  description: nc.description,
  containment: nc.containment,
  rootCause: nc.rootCause,
  correctiveAction: nc.correctiveAction,
  preventiveAction: nc.preventiveAction,
});

export function NcInvestigation({ nc }: { nc: TNcDetail }) {
  const client = useQueryClient();
  const closed = nc.status === 'closed';
  const form = useContractForm<TValues, TNcInvestigation>({
    schema: ZNcInvestigationSchema,
    initialValues: valuesOf(nc),
  });
  const save = useMutation({
    mutationFn: (body: TNcInvestigation) => editNonconformance(nc.id, body),
    onSuccess: async (saved) => {
      client.setQueryData(ncKeys.one(saved.id), saved);
      form.setValues(valuesOf(saved));
      form.resetDirty(valuesOf(saved));
      await client.invalidateQueries({ queryKey: ncKeys.all });
      toast('success', { title: `${saved.numberText} saved`, message: 'The investigation is up to date.' });
    },
    onError: form.showFailure,
  });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="nc-investigation">
      <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Investigation">
        <Stack>
          <Title order={2} fz="lg" id="nc-investigation">
            Investigation
          </Title>
          <Textarea
            label="What is wrong"
            required
            autosize
            minRows={2}
            readOnly={closed}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {FIELDS.map(({ field, label, hint }) => (
              <Textarea
                key={field}
                label={label}
                description={hint}
                autosize
                minRows={2}
                readOnly={closed}
                {...form.getInputProps(field)}
              />
            ))}
          </SimpleGrid>
          {closed ? null : (
            <FormFooter
              error={form.formError}
              onCancel={() => form.setValues(valuesOf(nc))}
              cancelLabel="Undo changes"
              submitLabel="Save investigation"
              pending={save.isPending}
              disabled={!form.isDirty()}
            />
          )}
        </Stack>
      </form>
    </Card>
  );
}
