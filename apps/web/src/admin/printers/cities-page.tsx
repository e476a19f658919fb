import { useCallback, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ZAdminCityInput, type TAdminCity } from '@printomat/shared';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { checkInput } from '../../forms/check-input';
import { readFormValues } from '../../forms/form-values';
import { useSubmit } from '../../forms/use-submit';
import { useT } from '../../i18n/use-t';
import { AdminTable } from '../shared/admin-table';
import { adminCitiesKey, adminPrintersKey, fetchAdminCities, saveCity } from './admin-printers-api';
import { QueryState } from './query-state';

const FIELDS = ['name', 'slug', 'country', 'timezone', 'lat', 'lon'] as const;

/**
 * `/admin/printers/cities`: the cities printers can be placed in, added and changed here. A city
 * is never deleted (its printers, jobs and statistics point at it).
 */
export function CitiesPage() {
  const t = useT();
  const query = useQuery({ queryKey: adminCitiesKey, queryFn: fetchAdminCities });
  // null: the add form; a city: its edit form.
  const [editing, setEditing] = useState<TAdminCity | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="admin-printers" aria-labelledby="admin-cities-title">
      <div className="admin-printers__header">
        <h2 id="admin-cities-title">{t('admin_printers.cities.title')}</h2>
        <Link className="button button--secondary" to="..">
          {t('admin_printers.title')}
        </Link>
      </div>
      <p>{t('admin_printers.cities.lead')}</p>
      <QueryState query={query} />
      {query.data && (
        <AdminTable
          variant="admin"
          testId="cities-table"
          head={[
            t('admin_printers.cities.col_name'),
            t('admin_printers.cities.col_slug'),
            t('admin_printers.cities.col_country'),
            t('admin_printers.cities.col_timezone'),
            t('admin_printers.cities.col_printers'),
            '',
          ]}
        >
          {query.data.cities.map((city) => (
            <tr key={city.id} data-testid="city-row">
              <td>{city.name}</td>
              <td>{city.slug}</td>
              <td>{city.country}</td>
              <td>{city.timezone}</td>
              <td>{city.printer_count}</td>
              <td>
                <button
                  type="button"
                  className="button button--small button--secondary"
                  onClick={() => {
                    setNotice(null);
                    setEditing(city);
                  }}
                >
                  {t('admin_printers.cities.edit')}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      {notice && (
        <p className="alert alert--success" role="status" data-testid="city-notice">
          {notice}
        </p>
      )}
      <CityForm
        // A new form (empty fields, no old errors) for each city and after each save.
        key={editing?.id ?? 'new'}
        city={editing}
        onCancel={() => setEditing(null)}
        onSaved={(saved, added) => {
          setEditing(null);
          setNotice(
            t(added ? 'admin_printers.cities.added' : 'admin_printers.cities.saved', {
              name: saved.name,
            }),
          );
        }}
      />
    </section>
  );
}

function CityForm(props: {
  city: TAdminCity | null;
  onCancel: () => void;
  onSaved: (city: TAdminCity, added: boolean) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const { city, onSaved } = props;
  const action = useCallback(
    async (form: HTMLFormElement) => {
      const values = readFormValues(form, FIELDS);
      const saved = await saveCity(city?.id ?? null, checkInput(ZAdminCityInput, values, t));
      await queryClient.invalidateQueries({ queryKey: adminCitiesKey });
      // The printer form's city list comes with the printer index.
      await queryClient.invalidateQueries({ queryKey: adminPrintersKey, exact: true });
      if (!city) form.reset();
      onSaved(saved, city === null);
    },
    [city, onSaved, queryClient, t],
  );
  const { submit, isPending, error, fieldErrors } = useSubmit(action);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };
  const title = city
    ? t('admin_printers.cities.edit_title', { name: city.name })
    : t('admin_printers.cities.new_title');

  return (
    <form className="form card" onSubmit={onSubmit} data-testid="city-form" aria-label={title}>
      <h3>{title}</h3>
      <FormAlert error={error} shownFields={FIELDS} />
      <FormField
        name="name"
        label={t('admin_printers.cities.name')}
        defaultValue={city?.name}
        errors={fieldErrors.name}
        required
      />
      <FormField
        name="slug"
        label={t('admin_printers.cities.slug')}
        hint={t('admin_printers.cities.slug_hint')}
        defaultValue={city?.slug}
        errors={fieldErrors.slug}
        required
      />
      <FormField
        name="country"
        label={t('admin_printers.cities.country')}
        defaultValue={city?.country}
        errors={fieldErrors.country}
        maxLength={2}
        required
      />
      <FormField
        name="timezone"
        label={t('admin_printers.cities.timezone')}
        hint={t('admin_printers.cities.timezone_hint')}
        defaultValue={city?.timezone ?? 'Europe/Warsaw'}
        errors={fieldErrors.timezone}
        required
      />
      <FormField
        name="lat"
        label={t('admin_printers.cities.lat')}
        inputMode="decimal"
        defaultValue={city?.lat}
        errors={fieldErrors.lat}
        required
      />
      <FormField
        name="lon"
        label={t('admin_printers.cities.lon')}
        inputMode="decimal"
        defaultValue={city?.lon}
        errors={fieldErrors.lon}
        required
      />
      <div className="form__actions">
        <button type="submit" className="button" disabled={isPending}>
          {city ? t('admin_printers.cities.save') : t('admin_printers.cities.add')}
        </button>
        {city && (
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            {t('admin_printers.cities.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
