// Issue stock of an item from one of its balances to a job, a work order or a person (kept as the reference). With
// the Time area on, the job is picked from the open jobs (decision 079): the posting names it, and the job cost report
// finds the stock there; "Issued to" then says more, or is left to the job's name.
import { TextInput } from '@mantine/core';
import { featureFlagsOf } from '#common/label-config.ts';
import { JobPicker, type TJobOption } from '../../components/job-picker.tsx';
import { configOf, useSession } from '../../lib/session.ts';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, QuantityInput, sourceOf, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';
import { linePaths } from './use-stock-posting.ts';

export const IssueDialog = itemDialog('Issue', IssueBody);

/** `job`: the job chosen already (the scan screen's last scanned job, decision 083); still changeable here. */
function IssueBody(props: TItemDialogProps & { job?: TJobOption | null }) {
  const { item } = props;
  const jobs = featureFlagsOf(configOf(useSession().data)).time;
  const posting = useFromBalance(props, {
    fields: { quantity: '', issuedTo: '', job: (props.job ?? null) as TJobOption | null },
    toBody: (values) => {
      const from = sourceOf(values);
      return {
        kind: 'issue',
        reference: values.issuedTo.trim() || values.job?.label || '',
        ...(values.job ? { jobId: values.job.value } : {}),
        lines: [
          {
            itemId: item.id,
            locationId: from?.locationId ?? '',
            ...(from?.lotId ? { lotId: from.lotId } : {}),
            quantity: values.quantity.trim(),
          },
        ],
      };
    },
    paths: {
      ...linePaths({ locationId: 'source', lotId: 'source', quantity: 'quantity' }),
      reference: 'issuedTo',
      jobId: 'job',
    },
    rules: (values) => ({
      source: !values.source && 'Choose where the stock comes from',
      issuedTo:
        !values.issuedTo.trim() &&
        !values.job &&
        (jobs ? 'Choose the job, or say who or what it is issued to' : 'Say who or what it is issued to'),
    }),
    describe: (posted) => {
      const line = posted.lines[0];
      const quantityText = line?.quantityDelta.replace('-', '');
      return {
        title: 'Stock issued',
        message: `Issued ${quantityText} ${item.unitOfMeasure} of ${item.partNumber} from ${line?.locationCode}${lotSuffix(line?.lotNumber)} to ${posted.reference}`,
      };
    },
  });
  const { form } = posting;

  return (
    <FromBalanceForm verb="Issue" sourceLabel="From" posting={posting} holdBlocks>
      <QuantityInput item={item} available={posting.available} {...form.getInputProps('quantity')} />
      {jobs ? (
        <JobPicker
          value={form.values.job}
          onChange={(job) => form.setFieldValue('job', job)}
          error={form.errorOf('job')}
        />
      ) : null}
      <TextInput
        label="Issued to"
        description={
          jobs ? 'A work order or a person; optional with a job' : 'A job, a work order or a person'
        }
        required={!jobs}
        {...form.getInputProps('issuedTo')}
      />
    </FromBalanceForm>
  );
}
