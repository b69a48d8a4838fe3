import { useState } from 'react';
import type { DeliveryAreaAnswer } from '../../shared/domain';
import type { DeliveryAreaCheckRequest } from '../../shared/delivery-booking';
import { deliveryAreaCheckSchema } from '../../shared/delivery-booking';
import { errorOf, refusalWords } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { trimValues, useFormSubmit } from '../ui-kit/form';
import { formatMoney } from '../ui-kit/format';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';

type Field = keyof DeliveryAreaCheckRequest;
// Labels are getters, worded at each render: a value read at load kept the language the screen
// started in after a switch.
const FIELDS: Array<{ name: Field; label: string }> = [
  {
    name: 'street',
    get label() {
      return en.courier.street;
    },
  },
  {
    name: 'postCode',
    get label() {
      return en.courier.postCode;
    },
  },
  {
    name: 'city',
    get label() {
      return en.courier.city;
    },
  },
];
const EMPTY: Record<Field, string> = { street: '', postCode: '', city: '' };

/** "Can we deliver there?" before a phone order is taken; a yes leads on to booking the courier. */
export const AreaCheck = () => {
  const checkArea = useApp((s) => s.checkDeliveryArea);
  const openDialog = useApp((s) => s.openDialog);
  const [values, setValues] = useState(EMPTY);
  const [answer, setAnswer] = useState<{
    asked: Record<Field, string>;
    says: DeliveryAreaAnswer;
  } | null>(null);
  const { errors, error, busy, submit } = useFormSubmit();

  const ask = (): Promise<void> => {
    const asked = trimValues(values);
    setAnswer(null);
    return submit(deliveryAreaCheckSchema.safeParse(asked), en.courier.fixFields, async (data) => {
      const result = await checkArea(data);
      if (result.ok) setAnswer({ asked, says: result.value });
      return errorOf(result);
    });
  };

  const says = answer?.says;
  return (
    <section className="panel-section" aria-label={en.courier.areaTitle}>
      <h3>{en.courier.areaTitle}</h3>
      <Form className="area-check" label={en.courier.areaTitle} onSubmit={ask}>
        <p className="muted">{en.courier.areaHelp}</p>
        {FIELDS.map((f) => (
          <label key={f.name} className="field">
            <span>{f.label}</span>
            <input
              name={`area-${f.name}`}
              autoComplete="off"
              value={values[f.name]}
              aria-invalid={Boolean(errors[f.name])}
              onChange={(e) => {
                const value = e.target.value;
                setValues((v) => ({ ...v, [f.name]: value }));
                setAnswer(null);
              }}
            />
            {errors[f.name] && <span className="field-error">{errors[f.name]}</span>}
          </label>
        ))}
        <DialogActions
          start
          actions={[
            {
              label: busy ? en.courier.areaChecking : en.courier.areaCheck,
              tone: 'primary',
              disabled: busy,
            },
          ]}
        />
      </Form>
      <Refusal text={error} />
      {says && (
        <div
          className={`area-answer ${says.deliverable ? 'area-yes' : 'area-no'}`}
          role="status"
          data-testid="area-answer"
        >
          {says.deliverable ? (
            <>
              <p>
                <strong className="pill pill-ok">
                  {en.courier.areaYes(says.formattedAddress ?? answer.asked.street)}
                </strong>{' '}
                {en.courier.areaYesDetails(
                  says.price ? formatMoney(says.price) : null,
                  says.minutes,
                )}
              </p>
              {says.approximate && <p className="muted">{en.courier.areaRough}</p>}
              <button
                type="button"
                className="btn btn-go"
                onClick={() =>
                  openDialog({
                    kind: 'courier',
                    prefill: {
                      address: {
                        street: answer.asked.street,
                        postCode: answer.asked.postCode,
                        city: answer.asked.city,
                      },
                    },
                  })
                }
              >
                {en.courier.areaBook}
              </button>
            </>
          ) : (
            <p>
              <strong className="pill pill-bad">{en.courier.areaNo}</strong>{' '}
              {refusalWords(says.reason)}
            </p>
          )}
        </div>
      )}
    </section>
  );
};
