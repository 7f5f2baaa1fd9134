// The draft's editor on the form kit: its components (item, quantity per unit, scrap %, notes, the step that
// consumes it and how: scanned or backflushed at its step, decision 064) and its steps (title, instructions, setup
// and run minutes, the machine it runs on, pictures and videos), saved whole with the route's contract. A saved
// step's inspection plans (decision 071) are saved on their own, at once.
// A loop through sub-assemblies comes back from the server naming it, under the line and above the buttons.
import { Button, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TRevision, type TRevisionSave, ZRevisionSaveSchema } from '#common/schemas/build.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { AddRowButton, FormRow } from '../../components/form-rows.tsx';
import { ItemSelect } from '../../components/item-pickers.tsx';
import { MachineSelect } from '../../components/machine-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { buildKeys, saveRevision } from './api.ts';
import {
  bodyOf,
  consumptionOptions,
  pathsOf,
  type TLineValues,
  type TStepValues,
  valuesOf,
} from './bom-editor-values.ts';
import { StepChecksEditor } from './step-checks-editor.tsx';
import { StepFilesEditor } from './step-files-editor.tsx';

export function BomEditor({ revision }: { revision: TRevision }) {
  const client = useQueryClient();
  // A step's machine is Maintenance's: offered while that area is on (a machine already set stays in view).
  const config = configOf(useSession().data);
  const maintenanceOn = config.enableMaintenanceFeature;
  const form = useContractForm({
    schema: ZRevisionSaveSchema,
    initialValues: valuesOf(revision),
    toBody: bodyOf,
    paths: pathsOf,
    rules: (v) =>
      Object.fromEntries(
        v.lines.map((l, i) => [`lines.${i}.component`, !l.component && 'Choose a component']),
      ),
    // A loop names its path: worth reading above the buttons as well as under the line.
    wholeMessage: () => true,
  });
  const save = useMutation({
    mutationFn: (body: TRevisionSave) => saveRevision(revision.id, body),
    onSuccess: async (saved) => {
      const values = valuesOf(saved);
      form.setValues(values);
      form.resetDirty(values);
      await client.invalidateQueries({ queryKey: buildKeys.all });
    },
    onError: form.showFailure,
  });
  const stepOptions = [
    { value: '', label: 'First step' },
    ...form.values.steps.map((s, i) => ({
      value: String(i + 1),
      label: `${i + 1}. ${s.title || 'Untitled'}`,
    })),
  ];
  const newLine: TLineValues = {
    component: null,
    quantity: '1',
    scrapPercent: '0',
    notes: '',
    step: '',
    consumption: '',
  };
  const newStep: TStepValues = {
    id: undefined,
    title: '',
    instructions: '',
    setupMinutes: '0',
    runMinutes: '0',
    machine: null,
    files: [],
  };

  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={`Edit revision ${revision.number}`}
    >
      <Stack>
        <Title order={2} fz="lg">
          Components
        </Title>
        {form.values.lines.length === 0 ? (
          <Text c="dimmed">No components yet: add the first with “Add component”.</Text>
        ) : null}
        {form.values.lines.map((line, i) => (
          <FormRow
            key={form.key(`lines.${i}`)}
            label={`Component ${i + 1}`}
            removeLabel={`Remove component ${i + 1}`}
            onRemove={() => form.removeListItem('lines', i)}
          >
            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
              <ItemSelect
                label={`Component ${i + 1}`}
                value={line.component}
                onChange={(item) => form.setFieldValue(`lines.${i}.component`, item)}
                error={form.errorOf(`lines.${i}.component`)}
              />
            </div>
            <TextInput
              label="Quantity per unit"
              inputMode="decimal"
              w={130}
              {...form.getInputProps(`lines.${i}.quantity`)}
            />
            <TextInput
              label="Scrap %"
              inputMode="decimal"
              w={90}
              {...form.getInputProps(`lines.${i}.scrapPercent`)}
            />
            <Select
              label="Used at step"
              w={170}
              data={stepOptions}
              allowDeselect={false}
              {...form.getInputProps(`lines.${i}.step`)}
            />
            <Select
              label="Consumed"
              w={230}
              data={consumptionOptions(line.component, config.useLotNumbers)}
              allowDeselect={false}
              {...form.getInputProps(`lines.${i}.consumption`)}
            />
            <TextInput
              label="Notes"
              style={{ flex: '1 1 200px' }}
              {...form.getInputProps(`lines.${i}.notes`)}
            />
          </FormRow>
        ))}
        <AddRowButton onClick={() => form.insertListItem('lines', newLine)}>Add component</AddRowButton>

        <Title order={2} fz="lg">
          Steps
        </Title>
        {form.values.steps.map((step, i) => (
          <FormRow
            key={form.key(`steps.${i}`)}
            label={`Step ${i + 1}`}
            removeLabel={`Remove step ${i + 1}`}
            onRemove={() => form.removeListItem('steps', i)}
            below={
              <>
                <Textarea
                  label="Instructions"
                  description="Formatted text: **bold**, lists with -, links."
                  autosize
                  minRows={2}
                  mt="xs"
                  {...form.getInputProps(`steps.${i}.instructions`)}
                />
                {maintenanceOn || step.machine ? (
                  <MachineSelect
                    filter
                    label={`Step ${i + 1} machine`}
                    placeholder="No machine"
                    description="The machine this step runs on: each finished run adds its time to the machine’s runtime meter."
                    value={step.machine}
                    onChange={(machine) => form.setFieldValue(`steps.${i}.machine`, machine)}
                    error={form.errors[`steps.${i}.machine`] as string | undefined}
                    w={{ base: '100%', sm: 360 }}
                  />
                ) : null}
                <StepFilesEditor
                  step={i + 1}
                  files={step.files}
                  onAdd={(file) => form.insertListItem(`steps.${i}.files`, file)}
                  onRemove={(j) => form.removeListItem(`steps.${i}.files`, j)}
                  onMove={(from, to) => form.reorderListItem(`steps.${i}.files`, { from, to })}
                  captionProps={(j) => form.getInputProps(`steps.${i}.files.${j}.caption`)}
                />
                <StepChecksEditor
                  revisionId={revision.id}
                  stepId={step.id}
                  step={i + 1}
                  itemId={revision.item.id}
                />
              </>
            }
          >
            <TextInput
              label={`Step ${i + 1} title`}
              style={{ flex: '1 1 220px' }}
              {...form.getInputProps(`steps.${i}.title`)}
            />
            <TextInput
              label="Setup minutes"
              inputMode="decimal"
              w={120}
              {...form.getInputProps(`steps.${i}.setupMinutes`)}
            />
            <TextInput
              label="Run minutes per unit"
              inputMode="decimal"
              w={160}
              {...form.getInputProps(`steps.${i}.runMinutes`)}
            />
          </FormRow>
        ))}
        <AddRowButton onClick={() => form.insertListItem('steps', newStep)}>Add step</AddRowButton>

        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
