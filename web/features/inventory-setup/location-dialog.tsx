// Add a site or a location inside another (only kinds smaller than the parent's), or rename a location and change
// its code (the server carries a new code into the full codes of everything inside it).
import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TLocation,
  type TLocationInput,
  type TLocationKind,
  type TLocationPatch,
  ZLocationInputSchema,
  ZLocationPatchSchema,
} from '#common/schemas/inventory-setup.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { childKinds, KIND_LABELS } from '../../lib/location-kinds.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { createLocation, updateLocation } from './api.ts';

/** What the dialog does: add a site (parent null) or a child of `parent`, or edit `location`. */
export type TLocationTarget =
  | { mode: 'add'; parent: TLocation | null }
  | { mode: 'edit'; location: TLocation };

export function LocationDialog({
  target,
  onClose,
  onAdded,
}: {
  target: TLocationTarget | null;
  onClose: () => void;
  /** Called with the new location, e.g. to open its parent in the tree. */
  onAdded: (location: TLocation) => void;
}) {
  const title = !target
    ? ''
    : target.mode === 'edit'
      ? `Edit ${target.location.fullCode}`
      : target.parent
        ? `Add inside ${target.parent.fullCode}`
        : 'Add a site';
  const key = !target
    ? ''
    : target.mode === 'edit'
      ? target.location.id
      : `add-${target.parent?.id ?? 'site'}`;
  return (
    <Modal opened={target !== null} onClose={onClose} title={title}>
      {target ? <LocationForm key={key} target={target} onClose={onClose} onAdded={onAdded} /> : null}
    </Modal>
  );
}

function LocationForm({
  target,
  onClose,
  onAdded,
}: {
  target: TLocationTarget;
  onClose: () => void;
  onAdded: (location: TLocation) => void;
}) {
  const queryClient = useQueryClient();
  const editing = target.mode === 'edit' ? target.location : null;
  const parent = target.mode === 'add' ? target.parent : null;
  const kinds: TLocationKind[] = editing ? [editing.kind] : parent ? childKinds(parent.kind) : ['site'];
  const patchOf = (values: { code: string; name: string }): TLocationPatch =>
    editing
      ? {
          ...(values.code.trim() !== editing.code ? { code: values.code } : {}),
          ...(values.name.trim() !== editing.name ? { name: values.name } : {}),
        }
      : {};
  // A new location is checked whole; an edit sends (and checks) only what changed. The server's refusal about
  // the parent (gone meanwhile, wrong kind) has no field here, so it shows on the form.
  const form = useContractForm<
    { kind: TLocationKind; code: string; name: string },
    TLocationInput | TLocationPatch
  >({
    schema: editing ? ZLocationPatchSchema : ZLocationInputSchema,
    initialValues: { kind: kinds[0] ?? 'site', code: editing?.code ?? '', name: editing?.name ?? '' },
    toBody: (values) =>
      editing
        ? patchOf(values)
        : { kind: values.kind, parentId: parent?.id ?? null, code: values.code, name: values.name },
  });
  const { kind } = form.values;
  const changed = !editing || Object.keys(patchOf(form.values)).length > 0;

  const save = useMutation({
    mutationFn: (body: TLocationInput | TLocationPatch) =>
      editing ? updateLocation(editing.id, body as TLocationPatch) : createLocation(body as TLocationInput),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.locations });
      // Items show their default location's full code, which a new code changes.
      if (editing) void queryClient.invalidateQueries({ queryKey: queryKeys.items });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: editing ? 'Location saved' : `${KIND_LABELS[saved.kind]} added`,
        message: `${saved.fullCode} · ${saved.name}`,
      });
      if (!editing) onAdded(saved);
      onClose();
    },
    onError: form.showFailure,
  });

  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={editing ? 'Edit location' : 'Add a location'}
    >
      <Stack>
        {editing ? (
          <Text size="sm" c="dimmed">
            {KIND_LABELS[editing.kind]}. A new code also changes the full code of everything inside it.
          </Text>
        ) : parent ? null : (
          <Text size="sm" c="dimmed">
            A site is the top of the tree, such as a plant or a building. Add areas, shelves and bins inside
            it.
          </Text>
        )}
        {parent ? (
          <Select
            label="Kind"
            description={`Smaller than the ${KIND_LABELS[parent.kind].toLowerCase()} it goes in`}
            data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            allowDeselect={false}
            {...form.getInputProps('kind')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Code"
            description="Printed on its label; unique in your company"
            required
            autoComplete="off"
            {...form.getInputProps('code')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
        </SimpleGrid>
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={editing ? 'Save' : `Add ${KIND_LABELS[kind].toLowerCase()}`}
          pending={save.isPending}
          disabled={!changed}
        />
      </Stack>
    </form>
  );
}
