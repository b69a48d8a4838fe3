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
// Each field's label is the message of its name, worded at render (a switch of language follows).
const FIELDS: Field[] = ['street', 'postCode', 'city'];
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
        {FIELDS.map((name) => (
          <label key={name} className="field">
            <span>{en.courier[name]}</span>
            <input
              name={`area-${name}`}
              autoComplete="off"
              value={values[name]}
              aria-invalid={Boolean(errors[name])}
              onChange={(e) => {
                const value = e.target.value;
                setValues((v) => ({ ...v, [name]: value }));
                setAnswer(null);
              }}
            />
            {errors[name] && <span className="field-error">{errors[name]}</span>}
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
