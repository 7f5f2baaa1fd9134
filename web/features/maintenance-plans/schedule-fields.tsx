// The schedule of a plan: fixed or floating, the start date, what it runs on (the calendar, the runtime meter, or
// both, whichever first), the intervals, and the window (lead time, grace) and estimated time.
import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import type { TPlanIntervalUnit, TPlanMode } from '#common/maintenance/schedule.ts';
import { DateField } from '../../components/date-field.tsx';
import type { TContractForm } from '../../lib/contract-form.ts';
import type { TPlanValues, TScheduleBy } from './plan-form-values.ts';

const UNITS = [
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks' },
  { value: 'month', label: 'Months' },
];

function Choice<T extends string>({
  label,
  description,
  data,
  value,
  onChange,
}: {
  label: string;
  description: string;
  data: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        fullWidth
        data={data}
        value={value}
        onChange={(v) => onChange(v as T)}
      />
      <Text size="xs" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}

export function ScheduleFields({ form }: { form: TContractForm<TPlanValues, unknown> }) {
  const v = form.values;
  const calendar = v.scheduleBy !== 'meter';
  const meter = v.scheduleBy !== 'calendar';
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Schedule
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Choice<TPlanMode>
          label="Due dates"
          description={
            v.mode === 'fixed'
              ? 'Fixed: on a grid from the start date, however late the work was done.'
              : 'Floating: the next is counted from the day the work was done.'
          }
          data={[
            { value: 'fixed', label: 'Fixed' },
            { value: 'floating', label: 'Floating' },
          ]}
          value={v.mode}
          onChange={(mode) => form.setFieldValue('mode', mode)}
        />
        <Choice<TScheduleBy>
          label="Runs on"
          description="With both, it falls due at whichever comes first."
          data={[
            { value: 'calendar', label: 'Calendar' },
            { value: 'meter', label: 'Runtime' },
            { value: 'both', label: 'Both' },
          ]}
          value={v.scheduleBy}
          onChange={(by) => form.setFieldValue('scheduleBy', by)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField
          label="Start date"
          description="The first due date"
          required
          value={v.startOn}
          onChange={(d) => form.setFieldValue('startOn', d)}
          error={form.errorOf('startOn')}
        />
        {calendar ? (
          <>
            <NumberInput
              label="Every"
              required
              min={1}
              allowDecimal={false}
              {...form.getInputProps('calendarEvery')}
            />
            <Select
              label="Unit"
              required
              data={UNITS}
              allowDeselect={false}
              value={v.calendarUnit}
              onChange={(u) => u && form.setFieldValue('calendarUnit', u as TPlanIntervalUnit)}
              error={form.errorOf('calendarUnit')}
            />
          </>
        ) : null}
      </SimpleGrid>
      {meter ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Every (runtime hours)"
            required
            inputMode="decimal"
            {...form.getInputProps('meterEveryHours')}
          />
          <TextInput
            label="Meter start reading"
            description={`Empty: the machine’s reading now (${v.machineReading} h)`}
            inputMode="decimal"
            {...form.getInputProps('meterStartReading')}
          />
          <TextInput label="Grace hours" inputMode="decimal" {...form.getInputProps('graceHours')} />
        </SimpleGrid>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Lead days"
          description="Shown as due soon this many days before"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('leadDays')}
        />
        <NumberInput
          label="Grace days"
          description="Still on time this many days after"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('graceDays')}
        />
        <NumberInput
          label="Estimated minutes"
          min={0}
          allowDecimal={false}
          {...form.getInputProps('estimatedMinutes')}
        />
      </SimpleGrid>
    </Stack>
  );
}
