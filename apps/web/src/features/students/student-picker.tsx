// The picker is one of the generic inputs now (a form field referring to a student gets it).
export { StudentPicker, type StudentPickerProps, studentLabel } from "../../ui/student-picker";
