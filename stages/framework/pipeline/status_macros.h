// Status propagation macros for functions that return absl::Status or
// absl::StatusOr<T>. Abseil does not export these; this header is the
// project's one definition.
//
//   RETURN_IF_ERROR(expr);
//     Evaluates `expr` (an absl::Status) once; if it is not OK, returns it
//     unchanged from the enclosing function.
//
//   ASSIGN_OR_RETURN(lhs, expr);
//     Evaluates `expr` (an absl::StatusOr<T>) once; if it holds an error,
//     returns that status; otherwise moves the value into `lhs`, which may be
//     a declaration (`ASSIGN_OR_RETURN(std::string text, Read(path));`) or an
//     existing variable (`ASSIGN_OR_RETURN(text, Read(path));`). A `lhs` whose
//     type contains a comma needs parentheses or an alias. The macro expands to
//     more than one statement: do not use it as the body of an unbraced `if`.
//
// Both work in a function whose return type is absl::Status or any
// absl::StatusOr<U> (a non-OK absl::Status converts to either).
#ifndef REPRO_STAGES_FRAMEWORK_PIPELINE_STATUS_MACROS_H_
#define REPRO_STAGES_FRAMEWORK_PIPELINE_STATUS_MACROS_H_

#include <utility>

#include "absl/base/optimization.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define RETURN_IF_ERROR(expr)                                   \
  do {                                                          \
    const ::absl::Status repro_status_macros_status = (expr);   \
    if (ABSL_PREDICT_FALSE(!repro_status_macros_status.ok())) { \
      return repro_status_macros_status;                        \
    }                                                           \
  } while (false)

#define REPRO_STATUS_MACROS_CONCAT_INNER(a, b) a##b
#define REPRO_STATUS_MACROS_CONCAT(a, b) REPRO_STATUS_MACROS_CONCAT_INNER(a, b)

#define ASSIGN_OR_RETURN(lhs, expr)     \
  REPRO_STATUS_MACROS_ASSIGN_OR_RETURN( \
      REPRO_STATUS_MACROS_CONCAT(repro_status_macros_or_, __LINE__), lhs, expr)

#define REPRO_STATUS_MACROS_ASSIGN_OR_RETURN(statusor, lhs, expr) \
  auto statusor = (expr);                                         \
  if (ABSL_PREDICT_FALSE(!statusor.ok())) {                       \
    return std::move(statusor).status();                          \
  }                                                               \
  lhs = *std::move(statusor)

#endif  // REPRO_STAGES_FRAMEWORK_PIPELINE_STATUS_MACROS_H_
