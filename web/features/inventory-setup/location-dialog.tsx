// Add a site or a location inside another (only kinds smaller than the parent's), or rename a location and change
// its code (the server carries a new code into the full codes of everything inside it).
import { Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type TLocation,
  type TLocationKind,
  type TLocationPatch,
  ZLocationInputSchema,
  ZLocationPatchSchema,
} from '#common/schemas/inventory-setup.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { formErrorsOf } from '../../lib/api-errors.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
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
  const [kind, setKind] = useState<TLocationKind>(kinds[0] ?? 'site');
  const [code, setCode] = useState(editing?.code ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const clear = (field: string) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field && k !== 'form')));

  const patch: TLocationPatch | null = editing
    ? {
        ...(code.trim() !== editing.code ? { code } : {}),
        ...(name.trim() !== editing.name ? { name } : {}),
      }
    : null;
  const changed = patch === null || Object.keys(patch).length > 0;

  const save = useMutation({
    mutationFn: () =>
      editing
        ? updateLocation(editing.id, patch!)
        : createLocation({ kind, parentId: parent?.id ?? null, code, name }),
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
    onError: (failure) => setErrors(formErrorsOf(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = editing
      ? ZLocationPatchSchema.safeParse(patch)
      : ZLocationInputSchema.safeParse({ kind, parentId: parent?.id ?? null, code, name });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    save.mutate();
  };

  // The server's refusal about the parent (gone meanwhile, wrong kind) has no field here: show it on the form.
  const formError = errors.form ?? errors.parentId;

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Edit location' : 'Add a location'}>
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
            value={kind}
            onChange={(value) => {
              if (value) setKind(value as TLocationKind);
              clear('kind');
            }}
            allowDeselect={false}
            error={errors.kind}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Code"
            description="Printed on its label; unique in your company"
            required
            autoComplete="off"
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              clear('code');
            }}
            error={errors.code}
          />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              clear('name');
            }}
            error={errors.name}
          />
        </SimpleGrid>
        <FormFooter
          error={formError}
          onCancel={onClose}
          submitLabel={editing ? 'Save' : `Add ${KIND_LABELS[kind].toLowerCase()}`}
          pending={save.isPending}
          disabled={!changed}
        />
      </Stack>
    </form>
  );
}
