; S004 (identifiers renamed) renames every name a file defines (the text
; of a node captured @definition) at each @definition and @reference node,
; consistently within the file, to an opaque name of the same byte length
; (functions.h, RenameIdentifiers; internal/identifier_renaming.h). A name
; the file never defines (imported, builtin) stays.

; Go: functions, methods, types and type aliases, interface methods,
; parameters and type parameters, var and const specs, := and range
; variables, struct fields, labels. A package name (package_identifier)
; is never a reference: it names an import.
(function_declaration name: (identifier) @definition)
(method_declaration name: (field_identifier) @definition)
(type_spec name: (type_identifier) @definition)
(type_alias name: (type_identifier) @definition)
(method_elem name: (field_identifier) @definition)
(parameter_declaration name: (identifier) @definition)
(variadic_parameter_declaration name: (identifier) @definition)
(type_parameter_declaration name: (identifier) @definition)
(var_spec name: (identifier) @definition)
(const_spec name: (identifier) @definition)
(short_var_declaration left: (expression_list (identifier) @definition))
(range_clause left: (expression_list (identifier) @definition))
(receive_statement left: (expression_list (identifier) @definition))
(field_declaration name: (field_identifier) @definition)
(labeled_statement label: (label_name) @definition)

[
  (identifier)
  (type_identifier)
  (field_identifier)
  (label_name)
] @reference
