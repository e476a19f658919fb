import { useId, type ComponentProps, type FormEvent } from 'react';
import {
  PRINTER_COUNTRIES,
  type TAdminPrinter,
  type TAdminPrinterIndex,
  type TAdminPrinterInput,
} from '@printomat/shared';
import { readImages, readPrinterForm } from './printer-form-values';
import { SelectField } from '../../components/select-field';
import type { ApiError } from '../../api/client';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { useT } from '../../i18n/use-t';
import { Choices } from '../shared/list-filters';
import type { TPrinterImages } from './admin-printers-api';
import { FieldErrors } from '../../components/field-errors';
import { ImageField } from './image-field';
import { OpenHoursFields } from './open-hours-fields';

type TProps = {
  printer: TAdminPrinter | null;
  cities: TAdminPrinterIndex['cities'];
  pending: boolean;
  error: ApiError | null;
  fieldErrors: Record<string, string[]>;
  onSubmit: (data: TAdminPrinterInput, images: TPrinterImages) => void;
  onCancel: () => void;
};

const TEXT_FIELDS = ['name', 'full_name', 'street', 'house_number', 'postcode'] as const;
/** The printer's own fields that are a plain input, labelled by their name. */
type TInputName =
  | (typeof TEXT_FIELDS)[number]
  | 'direct_print_code'
  | 'minion_id'
  | 'email'
  | 'express_email'
  | 'contact_email'
  | 'express_mono_price_minor'
  | 'express_color_price_minor'
  | 'radius'
  | 'location_x'
  | 'location_y'
  | 'maps_place_url';
const FLAGS = ['is_color', 'is_copier', 'is_enabled', 'is_premium'] as const;
const SHOWN_FIELDS = [
  ...TEXT_FIELDS,
  'description',
  'country',
  'city_id',
  'location_x',
  'location_y',
  'radius',
  'email',
  'direct_print_code',
  'express_email',
  'contact_email',
  'express_mono_price_minor',
  'express_color_price_minor',
  'minion_id',
  'maps_place_url',
  'logo',
  'photo',
];

/** Every admin field of a printer (spec section 3), its open hours and its images. */
export function PrinterForm({
  printer,
  cities,
  pending,
  error,
  fieldErrors,
  onSubmit,
  onCancel,
}: TProps) {
  const t = useT();
  const descriptionId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(readPrinterForm(event.currentTarget), readImages(event.currentTarget));
  };
  const value = (v: string | number | null | undefined) =>
    v === null || v === undefined ? '' : String(v);
  /** One input: its label, the printer's current value and the server's messages for it. */
  const field = (
    name: TInputName,
    input: Omit<ComponentProps<typeof FormField>, 'name' | 'label'> = {},
  ) => (
    <FormField
      name={name}
      label={t(`admin_printers.form.${name}`)}
      defaultValue={value(printer?.[name])}
      errors={fieldErrors[name]}
      {...input}
    />
  );

  return (
    <form className="form printer-form" onSubmit={submit} noValidate data-testid="printer-form">
      <FormAlert
        error={error}
        shownFields={[
          ...SHOWN_FIELDS,
          ...Object.keys(fieldErrors).filter((k) => /^open_hours\.\d+\.(open|close)_time$/.test(k)),
        ]}
      />
      <fieldset>
        <legend>{t('admin_printers.form.section_printer')}</legend>
        <div className="printer-form__grid">
          {field('name')}
          {field('full_name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={descriptionId}>
            {t('admin_printers.form.description')}
          </label>
          <textarea
            id={descriptionId}
            name="description"
            className="field__input"
            rows={3}
            defaultValue={value(printer?.description)}
          />
          <FieldErrors id={`${descriptionId}-error`} errors={fieldErrors.description} />
        </div>
        <div className="printer-form__grid">
          {field('direct_print_code', {
            hint: t('admin_printers.form.direct_print_code_hint'),
            inputMode: 'numeric',
          })}
          {field('minion_id', { hint: t('admin_printers.form.minion_id_hint') })}
          {field('email', { type: 'email', hint: t('admin_printers.form.email_hint') })}
          {field('express_email', { type: 'email' })}
          {field('contact_email', {
            type: 'email',
            hint: t('admin_printers.form.contact_email_hint'),
          })}
          {field('express_mono_price_minor', {
            type: 'number',
            min: 0,
            step: 1,
            hint: t('admin_printers.form.express_price_hint'),
          })}
          {field('express_color_price_minor', {
            type: 'number',
            min: 0,
            step: 1,
            hint: t('admin_printers.form.express_price_hint'),
          })}
        </div>
        <div className="printer-form__flags">
          {FLAGS.map((flag) => (
            <label key={flag} className="printer-check">
              <input
                type="checkbox"
                name={flag}
                defaultChecked={printer ? printer[flag] : flag === 'is_enabled'}
              />{' '}
              {t(`admin_printers.form.${flag}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('admin_printers.form.section_place')}</legend>
        <div className="printer-form__grid">
          <SelectField
            name="country"
            label={t('admin_printers.form.country')}
            errors={fieldErrors.country}
            defaultValue={value(printer?.country)}
          >
            <Choices
              empty={t('admin_printers.form.choose_country')}
              options={PRINTER_COUNTRIES.map((code) => ({
                value: code,
                label: t(`admin_printers.countries.${code}`),
              }))}
            />
          </SelectField>
          <SelectField
            name="city_id"
            label={t('admin_printers.form.city')}
            errors={fieldErrors.city_id}
            defaultValue={value(printer?.city_id)}
          >
            <Choices
              empty={t('admin_printers.form.choose_city')}
              options={cities.map((c) => ({ value: c.id, label: `${c.name} (${c.country})` }))}
            />
          </SelectField>
          {field('street')}
          {field('house_number')}
          {field('postcode')}
          {field('radius', { type: 'number', min: 0, step: 1 })}
          {field('location_x', { type: 'number', step: 'any' })}
          {field('location_y', { type: 'number', step: 'any' })}
        </div>
        {field('maps_place_url', { type: 'url' })}
      </fieldset>

      <OpenHoursFields hours={printer?.open_hours ?? []} errors={fieldErrors} />

      <fieldset>
        <legend>{t('admin_printers.form.section_images')}</legend>
        <div className="printer-form__grid">
          <ImageField
            kind="logo"
            currentUrl={printer?.logo_url ?? null}
            errors={fieldErrors.logo}
          />
          <ImageField
            kind="photo"
            currentUrl={printer?.photo_url ?? null}
            errors={fieldErrors.photo}
          />
        </div>
      </fieldset>

      <div className="printer-form__buttons">
        <button type="submit" className="button" disabled={pending}>
          {pending
            ? t('admin_printers.form.saving')
            : printer
              ? t('admin_printers.form.save')
              : t('admin_printers.form.create')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('admin_printers.form.cancel')}
        </button>
      </div>
    </form>
  );
}
