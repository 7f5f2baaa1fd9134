// Every form of the app: @mantine/form's state (values, touched, errors; no field kept in a useState of its own)
// checked on submit with the SAME zod contract from common/schemas that the server checks (decision 040, "Forms").
// A form whose fields are not its request body's shape (a posting's fields are its lines[0]) says how its fields
// make the body (`toBody`); the body is what the contract checks and what is sent, and one path map
// (`paths`) puts both the contract's and the server's messages on the fields that show them (form-errors.ts).
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useRef } from 'react';
import { FORM_ERROR, formErrorsOf, placeErrors, type TFailureOptions, type TPathMap } from './form-errors.ts';

/** A form's own check beyond the contract's, by field; false, null or undefined when the field is fine. */
export type TFormRules<TValues> = (
  values: TValues,
) => Partial<Record<string, string | false | null | undefined>>;

export interface TContractFormOptions<TValues, TBody> {
  /** The request's contract from common/schemas (any Standard Schema; ours are zod). */
  schema: Parameters<typeof schemaResolver>[0];
  initialValues: TValues;
  /** The request body the fields make; leave out when the fields are the body. */
  toBody?: (values: TValues) => TBody;
  /** Body paths shown by a field of another name; may depend on the values (which picker is showing). */
  paths?: TPathMap | ((values: TValues) => TPathMap);
  /**
   * Checks the contract cannot say in the form's words, e.g. "Choose where the stock goes" for an empty picker
   * (the contract says "Not a location id"). A message here wins over the contract's for its field.
   */
  rules?: TFormRules<TValues>;
  /** When a server refusal's whole message also shows above the buttons (see form-errors.ts). */
  wholeMessage?: TFailureOptions['wholeMessage'];
}

export type TContractForm<TValues, TBody> = UseFormReturnType<TValues, TBody> & {
  /** The error of the form as a whole (a refusal no field shows), for the alert above its buttons. */
  formError: string | undefined;
  /** The message under `field`, if any (errors are text here; Mantine types them as any React node). */
  errorOf: (field: string) => string | undefined;
  /** Puts a failed request's errors on the fields (and the rest on the form); returns them, by field. */
  showFailure: (failure: unknown) => Record<string, string>;
  /** Shows `message` above the buttons, keeping the fields' errors. */
  setFormError: (message: string | undefined) => void;
};

export function useContractForm<TValues extends Record<string, unknown>, TBody = TValues>(
  options: TContractFormOptions<TValues, TBody>,
): TContractForm<TValues, TBody> {
  const { schema, initialValues, toBody, paths, rules, wholeMessage } = options;
  const bodyOf = (values: TValues) => (toBody ? toBody(values) : (values as unknown as TBody));
  const placesOf = (values: TValues) => ({
    fields: Object.keys(values),
    paths: typeof paths === 'function' ? paths(values) : paths,
  });
  const check = schemaResolver(schema, { sync: true });
  // A change of any field takes the form's own error away (it was about the values sent), as a field's change
  // takes away that field's; the form exists only after useForm returns, hence the ref.
  const clearFormError = useRef<() => void>(() => undefined);

  const form = useForm<TValues, TBody>({
    mode: 'controlled',
    initialValues,
    transformValues: bodyOf,
    onValuesChange: () => clearFormError.current(),
    validate: (values) => {
      const errors = placeErrors(check(bodyOf(values)), placesOf(values));
      for (const [field, message] of Object.entries(rules?.(values) ?? {}))
        if (message) errors[field] = message;
      return errors;
    },
  });

  clearFormError.current = () => form.clearFieldError(FORM_ERROR);
  const errorOf = (field: string) => {
    const error = form.errors[field];
    return typeof error === 'string' ? error : undefined;
  };
  return {
    ...form,
    formError: errorOf(FORM_ERROR),
    errorOf,
    showFailure: (failure) => {
      const errors = formErrorsOf(failure, placesOf(form.getValues()), { wholeMessage });
      form.setErrors(errors);
      return errors;
    },
    setFormError: (message) =>
      form.setErrors((current) => ({ ...current, [FORM_ERROR]: message ?? undefined })),
  };
}
