// Add an item, or edit one (only what changed is sent) and deactivate or reactivate it. Client checks use the
// contract's schemas; the server's field errors (a part number already used) land under their fields, and a
// refusal by the plan's SKU limit shows its message, which names the plan, the limit and what to do.
import { Anchor, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import {
  type TItem,
  type TItemInputRaw,
  type TItemPatch,
  ZItemInputSchema,
  ZItemPatchSchema,
} from '#common/schemas/inventory-setup.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { createItem, updateItem } from './api.ts';
import { draftOf, ItemFields, inputOf, patchOf, type TItemDraft } from './item-form.tsx';

/** The dialog of `target`: 'new' to add an item, an item to edit it, null when closed. */
export function ItemDialog({ target, onClose }: { target: TItem | 'new' | null; onClose: () => void }) {
  const title = target === 'new' ? 'Add an item' : target ? `Edit ${target.partNumber}` : '';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg">
      {target ? (
        <ItemDialogBody
          key={target === 'new' ? 'new' : target.id}
          item={target === 'new' ? null : target}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ItemDialogBody({ item, onClose }: { item: TItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const lotSetting = session?.labelConfig?.useLotNumbers;
  const form = useContractForm<TItemDraft, TItemInputRaw | TItemPatch>({
    // A new item is checked whole; an edit sends (and checks) only what changed.
    schema: item ? ZItemPatchSchema : ZItemInputSchema,
    initialValues: draftOf(item, lotSetting ?? false),
    toBody: (draft) => {
      if (item) return patchOf(item, draft);
      const body = inputOf(draft);
      // Untouched and not yet known here: let the server apply the company's setting.
      if (!form.isTouched('lotTracked') && lotSetting === undefined) delete body.lotTracked;
      return body;
    },
  });

  // A new item follows the company's "use lot numbers" setting until the admin flips the switch, also when the
  // session's configuration arrives after the dialog opened (setValues leaves the switch untouched).
  const followsSetting = !item && !form.isTouched('lotTracked') && lotSetting !== undefined;
  useEffect(() => {
    if (followsSetting && form.values.lotTracked !== lotSetting) form.setValues({ lotTracked: lotSetting });
  }, [followsSetting, lotSetting, form.values.lotTracked, form.setValues]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.items });
    void queryClient.invalidateQueries({ queryKey: queryKeys.subscription });
    void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
  };

  const save = useMutation({
    mutationFn: (body: TItemInputRaw | TItemPatch) =>
      item ? updateItem(item.id, body as TItemPatch) : createItem(body as TItemInputRaw),
    onSuccess: async (saved) => {
      await refresh();
      toast('success', {
        title: item ? 'Item saved' : 'Item added',
        message: `${saved.partNumber} · ${saved.name}`,
      });
      onClose();
    },
    onError: form.showFailure,
  });

  const setActive = useMutation({
    mutationFn: (active: boolean) => updateItem(item!.id, { active }),
    onSuccess: async (saved) => {
      await refresh();
      toast('success', {
        title: saved.active ? 'Item reactivated' : 'Item deactivated',
        message: saved.active
          ? `${saved.partNumber} is active again and counts toward your plan.`
          : `${saved.partNumber} no longer counts toward your plan. Find it under “Inactive”.`,
      });
      onClose();
    },
    onError: form.showFailure,
  });

  const changed = !item || Object.keys(patchOf(item, form.values)).length > 0;

  // A long form on a phone: bring the refusal into view, next to the button that caused it.
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (form.formError) alertRef.current?.scrollIntoView({ block: 'nearest' });
  }, [form.formError]);

  const limitReached = [save.error, setActive.error].some(
    (e) => e instanceof ApiError && e.code === 'LIMIT_REACHED',
  );
  const busy = save.isPending || setActive.isPending;

  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={item ? 'Edit item' : 'Add an item'}
    >
      <Stack>
        <ItemFields form={form} />
        {form.formError ? (
          <ErrorAlert ref={alertRef}>
            <Text size="sm">{form.formError}</Text>
            {limitReached ? (
              <Anchor component={Link} to="/admin/subscription" size="sm">
                Open Subscription
              </Anchor>
            ) : null}
          </ErrorAlert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!changed || setActive.isPending}>
            {item ? 'Save' : 'Add item'}
          </Button>
        </Group>
        {item ? (
          <>
            <Divider />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed" maw={360}>
                {item.active
                  ? 'A deactivated item stops counting toward your plan; its history stays and you can reactivate it.'
                  : 'This item is inactive. Reactivating it needs a free SKU slot in your plan.'}
              </Text>
              <Button
                variant="light"
                color={item.active ? 'red' : 'green'}
                loading={setActive.isPending}
                disabled={busy && !setActive.isPending}
                onClick={() => setActive.mutate(!item.active)}
              >
                {item.active ? 'Deactivate item' : 'Reactivate item'}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </form>
  );
}
