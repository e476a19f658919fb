import { useEffect, useId, useState } from 'react';
import { MIN_LOGO_HEIGHT_PX, type TPrinterImageKind } from '@printomat/shared';
import { useT } from '../../i18n/use-t';
import { FieldErrors } from '../../components/field-errors';

type TProps = {
  kind: TPrinterImageKind;
  currentUrl: string | null;
  errors: readonly string[] | undefined;
};

/** A logo or photo: the current image, a file input (jpg/png) and a preview of the new one. */
export function ImageField({ kind, currentUrl, errors }: TProps) {
  const t = useT();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <div className={hasErrors ? 'field field--invalid' : 'field'} data-testid={`image-${kind}`}>
      <label className="field__label" htmlFor={id}>
        {t(`admin_printers.form.${kind}`)}
      </label>
      <div className="printer-image-field">
        {currentUrl && !preview && (
          <figure className="printer-image-field__figure">
            <img src={currentUrl} alt="" className="printer-image-field__img" />
            <figcaption>{t('admin_printers.form.current_image')}</figcaption>
          </figure>
        )}
        {preview && (
          <figure className="printer-image-field__figure">
            <img src={preview} alt="" className="printer-image-field__img" />
            <figcaption>{t('admin_printers.form.new_image')}</figcaption>
          </figure>
        )}
      </div>
      <input
        id={id}
        name={kind}
        type="file"
        accept="image/jpeg,image/png"
        className="field__input"
        aria-invalid={hasErrors || undefined}
        aria-describedby={`${id}-hint${hasErrors ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null;
          setPreview(
            file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
          );
        }}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {t('admin_printers.form.image_hint', { height: MIN_LOGO_HEIGHT_PX })}
      </p>
      {currentUrl && (
        <label className="printer-check">
          <input type="checkbox" name={`remove_${kind}`} />{' '}
          {t(
            kind === 'logo'
              ? 'admin_printers.form.remove_logo'
              : 'admin_printers.form.remove_photo',
          )}
        </label>
      )}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}
