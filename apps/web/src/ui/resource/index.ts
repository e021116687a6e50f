export { formatMinor, majorToMinor, minorDigits, minorToMajor, schoolCurrency, setSchoolCurrency } from "./money";
export { currencySign, MoneyInput, type MoneyInputProps } from "./money-input";
export { type FieldOptions, ResourceForm, type ResourceFormProps } from "./resource-form";
export { type ListParams, resourceKeys, resourceUrl } from "./resource-keys";
export { type FilterOption, ResourceList, type ResourceListProps, type RowAction } from "./resource-list";
export { useResourceTexts } from "./resource-texts";
export { type ListReply, type SavedReply, useResourceList, useResourceMutations, useResourceOptions } from "./use-resource";
