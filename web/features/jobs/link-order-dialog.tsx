// "Link order" (admins): picks one of the company's unfinished orders and links it, with its work orders, to the job.
import { Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBuildOrderPage } from '#common/schemas/build-orders.ts';
import type { TJob } from '#common/schemas/jobs.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { api } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { jobKeys, linkOrder } from './api.ts';

export function LinkOrderDialog({
  job,
  opened,
  onClose,
}: {
  job: TJob;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Link an order to ${job.numberText}`} size="md">
      {opened ? <LinkForm job={job} onClose={onClose} /> : null}
    </Modal>
  );
}

function LinkForm({ job, onClose }: { job: TJob; onClose: () => void }) {
  const client = useQueryClient();
  const [order, setOrder] = useState<{ id: string; label: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const link = useMutation({
    mutationFn: (orderId: string) => linkOrder(job.id, orderId),
    onSuccess: async (saved) => {
      client.setQueryData(jobKeys.job(job.id), saved);
      await client.invalidateQueries({ queryKey: jobKeys.all });
      onClose();
    },
  });
  return (
    <form
      noValidate
      aria-label={`Link an order to ${job.numberText}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!order) return setMissing(true);
        link.mutate(order.id);
      }}
    >
      <Stack>
        <RemoteSelect
          label="Order"
          description="Its work orders, and those made from it later, belong to the job"
          placeholder="Search orders"
          noun="orders"
          required
          autoFocus
          value={order?.id ?? null}
          selectedLabel={order?.label ?? null}
          onChange={(id, label) => {
            setMissing(false);
            setOrder(id && label ? { id, label } : null);
          }}
          error={missing ? 'Choose an order' : undefined}
          queryKey={(q) => ['build-orders', 'pick', q]}
          search={async (q, signal) => {
            const params = new URLSearchParams({
              page: '1',
              pageSize: '20',
              status: 'active',
              ...(q ? { q } : {}),
            });
            const page = await api<TBuildOrderPage>(`/api/v1/build-orders?${params}`, { signal });
            return {
              items: page.items.map((o) => ({
                value: o.id,
                label: `${o.numberText} · ${o.customer ?? 'For stock'}`,
              })),
              total: page.total,
            };
          }}
        />
        <FormFooter
          error={link.error ? messageOf(link.error) : undefined}
          onCancel={onClose}
          submitLabel="Link order"
          pending={link.isPending}
        />
      </Stack>
    </form>
  );
}
