// One item of the menu draft, opened in the editor: its names and descriptions per language,
// price, tax, picture, code, barcode and SKU, alcohol and age limit, weekly availability and
// visibility, and its options with their choices and how many a customer picks.
import { WEEKDAYS } from '../../shared/domain';
import type { DraftItem, DraftOption, DraftWindow, MenuDraft } from '../../shared/menu-draft';
import { emptyOption, emptyValue, newCode, OPTION_TYPES } from '../../shared/menu-draft';
import { itemOf, optionOf } from './draft-edit';
import { DraftInput, FieldError, nameIn, RowTools, TextFields, useEditor } from './DraftFields';
import { en } from './messages';
import { Check } from '../ui-kit/Check';

type ItemEdit = (change: (item: DraftItem) => void) => void;

const useItemEdit = (key: string): ItemEdit => {
  const { update } = useEditor();
  return (change) =>
    update((d) => {
      const item = itemOf(d, key);
      if (item) change(item);
    });
};

const Windows = (props: {
  item: DraftItem;
  field: 'availability' | 'visibility';
  title: string;
  onEdit: ItemEdit;
}) => {
  const windows = props.item[props.field];
  const set = (i: number, patch: Partial<DraftWindow>) =>
    props.onEdit((item) => {
      const w = item[props.field][i];
      if (w) Object.assign(w, patch);
    });
  return (
    <fieldset className="windows">
      <legend>{props.title}</legend>
      {windows.length === 0 && <p className="muted">{en.editor.alwaysNoWindows}</p>}
      {windows.map((w, i) => (
        <div className="field-row" key={i}>
          <label className="field">
            <span>{en.editor.day}</span>
            <select
              value={w.day}
              onChange={(e) => set(i, { day: e.target.value as DraftWindow['day'] })}
            >
              {WEEKDAYS.map((day) => (
                <option key={day} value={day}>
                  {en.weekdays[day]}
                </option>
              ))}
            </select>
          </label>
          <DraftInput
            entityKey={props.item.key}
            field={`${props.field}.${i}.from`}
            label={en.editor.from}
            value={w.from}
            inputMode="numeric"
            onChange={(from) => set(i, { from })}
          />
          <DraftInput
            entityKey={props.item.key}
            field={`${props.field}.${i}.to`}
            label={en.editor.to}
            value={w.to}
            inputMode="numeric"
            onChange={(to) => set(i, { to })}
          />
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => props.onEdit((item) => void item[props.field].splice(i, 1))}
          >
            {en.editor.removeWindow}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn-light btn-small"
        onClick={() =>
          props.onEdit(
            (item) => void item[props.field].push({ day: 'MONDAY', from: '10:00', to: '22:00' }),
          )
        }
      >
        {en.editor.addWindow}
      </button>
    </fieldset>
  );
};

const OptionEditor = ({ draft, option }: { draft: MenuDraft; option: DraftOption }) => {
  const { update } = useEditor();
  const onEdit = (change: (o: DraftOption) => void) =>
    update((d) => {
      const o = optionOf(d, option.key);
      if (o) change(o);
    });
  const name = nameIn(draft, option.name);
  return (
    <fieldset className="option-editor" aria-label={en.editor.optionTitle(name)}>
      <legend>
        {en.editor.optionTitle(name)} <RowTools entityKey={option.key} name={name} />
      </legend>
      <TextFields
        entityKey={option.key}
        field="name"
        label={en.editor.optionName}
        value={option.name}
        onChange={(lang, value) => onEdit((o) => void (o.name[lang] = value))}
      />
      <div className="field-row">
        <label className="field">
          <span>{en.editor.optionType}</span>
          <select
            value={option.type}
            onChange={(e) => onEdit((o) => void (o.type = e.target.value))}
          >
            {OPTION_TYPES.map((type) => (
              <option key={type} value={type}>
                {en.editor.optionTypes[type]}
              </option>
            ))}
          </select>
        </label>
        <DraftInput
          entityKey={option.key}
          field="min"
          label={en.editor.least}
          value={option.min}
          inputMode="numeric"
          onChange={(v) => onEdit((o) => void (o.min = v))}
        />
        <DraftInput
          entityKey={option.key}
          field="max"
          label={en.editor.most}
          value={option.max}
          inputMode="numeric"
          onChange={(v) => onEdit((o) => void (o.max = v))}
        />
      </div>
      <FieldError entityKey={option.key} field="values" />
      <ul className="choices">
        {option.values.map((value) => {
          const valueName = nameIn(draft, value.name);
          return (
            <li key={value.key} aria-label={valueName}>
              <TextFields
                entityKey={value.key}
                field="name"
                label={en.editor.choiceName}
                value={value.name}
                onChange={(lang, text) =>
                  onEdit((o) => {
                    const v = o.values.find((x) => x.key === value.key);
                    if (v) v.name[lang] = text;
                  })
                }
              />
              <DraftInput
                entityKey={value.key}
                field="price"
                label={en.editor.choicePrice}
                value={value.price}
                inputMode="decimal"
                onChange={(price) =>
                  onEdit((o) => {
                    const v = o.values.find((x) => x.key === value.key);
                    if (v) v.price = price;
                  })
                }
              />
              <FieldError entityKey={value.key} field="externalData" />
              <RowTools entityKey={value.key} name={valueName} />
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="btn btn-light btn-small"
        onClick={() => onEdit((o) => void o.values.push(emptyValue()))}
      >
        {en.editor.addChoice}
      </button>
    </fieldset>
  );
};

/** The item's options: each with its choices, and a way to add one. */
const ItemOptions = ({ item, onEdit }: { item: DraftItem; onEdit: ItemEdit }) => {
  const { draft } = useEditor();
  return (
    <>
      <h4>{en.editor.options}</h4>
      {item.options.map((option) => (
        <OptionEditor key={option.key} draft={draft} option={option} />
      ))}
      <button
        type="button"
        className="btn btn-light btn-small"
        onClick={() =>
          onEdit(
            (i) =>
              void i.options.push({
                ...emptyOption(),
                externalData: newCode('option'),
                values: [emptyValue()],
              }),
          )
        }
      >
        {en.editor.addOption}
      </button>
    </>
  );
};

export const ItemForm = ({ item }: { item: DraftItem }) => {
  const { draft } = useEditor();
  const onEdit = useItemEdit(item.key);
  const text = (field: 'name' | 'description') => (lang: string, value: string) =>
    onEdit((i) => void (i[field][lang] = value));
  const plain =
    (
      field:
        'price' | 'tax' | 'imageUrl' | 'externalData' | 'barcode' | 'sku' | 'alcohol' | 'ageLimit',
    ) =>
    (value: string) =>
      onEdit((i) => void (i[field] = value));
  return (
    <div
      className="item-form"
      role="group"
      aria-label={en.editor.itemFormFor(nameIn(draft, item.name))}
    >
      <TextFields
        entityKey={item.key}
        field="name"
        label={en.editor.name}
        value={item.name}
        onChange={text('name')}
      />
      <TextFields
        entityKey={item.key}
        field="description"
        label={en.editor.description}
        value={item.description}
        onChange={text('description')}
      />
      <div className="field-row">
        <DraftInput
          entityKey={item.key}
          field="price"
          label={en.editor.price}
          value={item.price}
          inputMode="decimal"
          onChange={plain('price')}
        />
        <DraftInput
          entityKey={item.key}
          field="tax"
          label={en.editor.tax}
          value={item.tax}
          inputMode="decimal"
          onChange={plain('tax')}
        />
      </div>
      <Check
        label={en.editor.onSale}
        checked={item.enabled}
        onChange={(enabled) => onEdit((i) => void (i.enabled = enabled))}
      />
      <DraftInput
        entityKey={item.key}
        field="imageUrl"
        label={en.editor.image}
        value={item.imageUrl}
        inputMode="url"
        onChange={plain('imageUrl')}
      />
      <div className="field-row">
        <DraftInput
          entityKey={item.key}
          field="alcohol"
          label={en.editor.alcohol}
          value={item.alcohol}
          inputMode="decimal"
          onChange={plain('alcohol')}
        />
        <DraftInput
          entityKey={item.key}
          field="ageLimit"
          label={en.editor.ageLimit}
          value={item.ageLimit}
          inputMode="numeric"
          onChange={plain('ageLimit')}
        />
      </div>
      <div className="field-row">
        <DraftInput
          entityKey={item.key}
          field="barcode"
          label={en.editor.barcode}
          value={item.barcode}
          inputMode="numeric"
          onChange={plain('barcode')}
        />
        <DraftInput
          entityKey={item.key}
          field="sku"
          label={en.editor.sku}
          value={item.sku}
          onChange={plain('sku')}
        />
      </div>
      <DraftInput
        entityKey={item.key}
        field="externalData"
        label={en.editor.code}
        hint={en.editor.codeHint}
        value={item.externalData}
        onChange={plain('externalData')}
      />
      <Windows item={item} field="availability" title={en.editor.availability} onEdit={onEdit} />
      <Windows item={item} field="visibility" title={en.editor.visibility} onEdit={onEdit} />
      <ItemOptions item={item} onEdit={onEdit} />
    </div>
  );
};
