import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type {
  DefaultValues,
  FieldPath,
  FieldValues,
  UseFormHandleSubmit,
  UseFormSetError,
  UseFormTrigger,
} from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { ApiCallPanel } from './api-call-panel';
import type { ApiCallRequest } from './api-call-view';
import { ApiErrorAlert } from './api-error-alert';
import { DescriptionList, Field } from './description-list';
import { useApiFailure } from './form/use-api-failure';
import { useRequestPreview } from './form/use-request-preview';
import { useZodForm } from './form/use-zod-form';
import { PageHeader } from './page-header';
import type { FormMutation } from './form/use-api-failure';

/**
 * A create form's layout: its fields, and beside them on wide screens a preview (cost). The
 * tracks may shrink below their content's width (`minmax(0, …)`; a bare `1fr` is
 * `minmax(auto, 1fr)`), so that a select showing a long option cuts it with an ellipsis instead
 * of widening the page past a phone's screen.
 */
export const formWithAsideSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
  alignItems: 'start',
} as const;

/** One step of a wizard: its name in the stepper, and the fields Next checks before moving on. */
export interface WizardStep<Values extends FieldValues> {
  label: string;
  fields: FieldPath<Values>[];
}

/** The step a wizard shows; Next checks the fields of the current step before moving on. */
function useWizardStep<T extends FieldValues>(
  steps: readonly WizardStep<T>[],
  trigger: UseFormTrigger<T>,
) {
  const [step, setStep] = useState(0);
  const next = async () => {
    if (await trigger(steps[step]?.fields)) setStep((current) => current + 1);
  };
  return { step, setStep, next, labels: steps.map((item) => item.label) };
}

/**
 * A create wizard's steps and submit: the last step sends the form's body through `mutation` and
 * opens the created resource's page (`pageOf` its UUID); an API error that belongs to a field
 * (`fieldForCode`) goes on it and takes the wizard back to the first step, which holds those
 * fields; any other is `failure`.
 */
function useWizardCreate<Values extends FieldValues, Body, Created extends { uuid: string }>(
  form: {
    trigger: UseFormTrigger<Values>;
    handleSubmit: UseFormHandleSubmit<Values, Body>;
    setError: UseFormSetError<Values>;
  },
  { steps, mutation, fieldForCode, pageOf }: WizardCreateOptions<Values, Body, Created>,
) {
  const navigate = useNavigate();
  const wizard = useWizardStep(steps, form.trigger);
  const { setStep } = wizard;
  const { failure, clear, onError } = useApiFailure(form.setError, (error) => {
    const field = fieldForCode(error.code);
    if (field) setStep(0);
    return field;
  });
  const submit = form.handleSubmit((body) => {
    clear();
    mutation.mutate(body, { onSuccess: (created) => void navigate(pageOf(created.uuid)), onError });
  });
  return { wizard, failure, submit, pending: mutation.isPending };
}

interface WizardCreateOptions<Values extends FieldValues, Body, Created> {
  steps: readonly WizardStep<Values>[];
  mutation: FormMutation<Body, Created>;
  fieldForCode: (code: string) => FieldPath<Values> | null;
  pageOf: (uuid: string) => string;
}

/**
 * A create wizard's form, checked by `schema`, with its steps and submit (useWizardCreate) and,
 * for the "API call" view, the request the last step sends with what is chosen now (`call`).
 * Pass `create` to CreateWizardPage.
 */
export function useWizardForm<Values extends FieldValues, Body, Created extends { uuid: string }>(
  schema: $ZodType<Body, Values>,
  defaultValues: DefaultValues<NoInfer<Values>>,
  {
    call,
    ...options
  }: WizardCreateOptions<Values, Body, Created> & { call: (body: Body) => ApiCallRequest },
) {
  const form = useZodForm(schema, defaultValues);
  const create = useWizardCreate(form, options);
  const preview = useRequestPreview(schema, form.control, call);
  return { ...form, create: { ...create, preview } };
}

interface CreateWizardPageProps {
  /** The page's h1 and the form's accessible name, such as "Create load balancer". */
  title: string;
  description: string;
  /** Between the header and the form, such as the remaining allowance. */
  notice?: ReactNode;
  /** useWizardForm's `create`, with the request the last step sends for the "API call" view. */
  create: ReturnType<typeof useWizardForm>['create'];
  /** The last step's button, such as "Create cluster". */
  submitLabel: string;
  /** The title of a failure no field is about. */
  failureTitle: string;
  /** Beside the steps on wide screens, such as a cost preview. */
  aside: ReactNode;
  /** The current step's fields. */
  children: ReactNode;
}

/**
 * A create page with a multi-step form: the header, a stepper, the current step with Back/Next,
 * a failure, the "API call" view and the final submit.
 */
export function CreateWizardPage({
  title,
  description,
  notice,
  create: {
    wizard: { step, setStep, next, labels: steps },
    failure,
    submit,
    pending,
    preview,
  },
  submitLabel,
  failureTitle,
  aside,
  children,
}: CreateWizardPageProps) {
  const last = step === steps.length - 1;
  const heading = useStepHeadingFocus(step);
  return (
    <>
      <PageHeader title={title} description={description} />
      {notice}
      <Stepper activeStep={step} sx={{ mb: 3 }}>
        {steps.map((stepLabel) => (
          <Step key={stepLabel}>
            <StepLabel>{stepLabel}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box
        component="form"
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          if (!last) void next();
          else void submit(event);
        }}
        sx={formWithAsideSx}
      >
        <Stack spacing={3}>
          <Typography ref={heading} variant="h6" component="h2" tabIndex={-1}>
            {`Step ${step + 1} of ${steps.length}: ${steps[step]}`}
          </Typography>
          {children}
          {failure && <ApiErrorAlert error={failure} title={failureTitle} />}
          <ApiCallPanel preview={preview} />
          <Box sx={{ display: 'flex', gap: 1 }}>
            {step > 0 && <Button onClick={() => setStep((current) => current - 1)}>Back</Button>}
            {!last ? (
              <Button type="submit" variant="contained">
                Next
              </Button>
            ) : (
              <Button type="submit" variant="contained" disabled={pending}>
                {pending ? 'Creating…' : submitLabel}
              </Button>
            )}
          </Box>
        </Stack>
        {aside}
      </Box>
    </>
  );
}

/**
 * A step shown after another (Next, Back, or a field's error sending the wizard back) takes the
 * focus on its heading: a screen reader says which step it is, the next Tab goes to its first
 * field, and the browser brings it into view. On a phone, Next sits below the step's fields, and
 * the page stayed scrolled there, in the middle of the next step. Not on the first render: the
 * page's own heading comes first.
 */
function useStepHeadingFocus(step: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  return heading;
}

/** A wizard's review step: each choice under its name, a dash for what is left empty. */
export function ReviewList({ rows }: { rows: [string, string][] }) {
  return (
    <DescriptionList>
      {rows.map(([term, value]) => (
        <Field key={term} term={term}>
          {value || '—'}
        </Field>
      ))}
    </DescriptionList>
  );
}
