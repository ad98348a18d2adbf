package app

import (
	"slices"

	"google.golang.org/protobuf/reflect/protoreflect"

	kesiv1 "github.com/kesihq/kesi/gen/go/kesi/v1"
)

var serviceFiles = []protoreflect.FileDescriptor{
	kesiv1.File_kesi_v1_auth_proto,
	kesiv1.File_kesi_v1_case_proto,
	kesiv1.File_kesi_v1_client_proto,
	kesiv1.File_kesi_v1_document_proto,
	kesiv1.File_kesi_v1_billing_proto,
	kesiv1.File_kesi_v1_affiliate_proto,
	kesiv1.File_kesi_v1_import_proto,
	kesiv1.File_kesi_v1_reminder_proto,
	kesiv1.File_kesi_v1_causelist_proto,
	kesiv1.File_kesi_v1_account_proto,
	kesiv1.File_kesi_v1_firm_proto,
}

// ServiceNames lists every kesi.v1 service, for reflection and health.
func ServiceNames() []string {
	var names []string
	for _, f := range serviceFiles {
		for i := range f.Services().Len() {
			names = append(names, string(f.Services().Get(i).FullName()))
		}
	}
	return names
}

// Procedures lists every kesi.v1 procedure as Connect names it: /pkg.Service/Method.
func Procedures() []string {
	var procs []string
	for _, f := range serviceFiles {
		for i := range f.Services().Len() {
			s := f.Services().Get(i)
			for j := range s.Methods().Len() {
				procs = append(procs, "/"+string(s.FullName())+"/"+string(s.Methods().Get(j).Name()))
			}
		}
	}
	return procs
}

func knownService(name string) bool { return slices.Contains(ServiceNames(), name) }
